import { CopyButton } from './copy-button';

/** Ids are shown cut to 8 characters (part 2 §9; Discord ids to 12). */
export const SHORT_ID_LENGTH = 8;

export function truncateId(id: string, length = SHORT_ID_LENGTH): string {
  return id.length <= length ? id : id.slice(0, length);
}

/**
 * An id cut short, the full id on hover (its title) and for screen readers, with a button that copies
 * the full id. `what` names it for the button ("certificate id").
 */
export function CopyableId({ id, what, length }: { id: string; what: string; length?: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs" title={id}>
        <span aria-hidden="true">{truncateId(id, length)}</span>
        <span className="sr-only">{id}</span>
      </span>
      <CopyButton value={id} what={what} className="size-7" />
    </span>
  );
}
