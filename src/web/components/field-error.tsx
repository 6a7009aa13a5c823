/** A form field's error under it; its id is what the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
