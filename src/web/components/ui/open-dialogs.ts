/**
 * The dialogs open now, innermost last. Radix lets only the newest layer hear Escape, and a toast
 * that appears while a dialog is open is newer than the dialog; the toast asks here first, so
 * Escape closes the dialog the user is working in and leaves the message on screen.
 */
const closers: (() => void)[] = [];

export function registerOpenDialog(close: () => void): () => void {
  closers.push(close);
  return () => {
    const index = closers.lastIndexOf(close);
    if (index !== -1) closers.splice(index, 1);
  };
}

/** Closes the innermost open dialog; false when none is open. */
export function closeInnermostDialog(): boolean {
  const close = closers.at(-1);
  if (close === undefined) return false;
  close();
  return true;
}
