import { CopyButton } from './copy-button';

/** Ids are shown cut to 8 characters, Discord ids to 12 (part 2 §9). */
export const SHORT_ID_LENGTH = 8;
export const DISCORD_ID_LENGTH = 12;

export function truncateId(id: string, length = SHORT_ID_LENGTH): string {
  return id.slice(0, length);
}

interface CopyableIdProps {
  id: string;
  /** What the id is, for the copy button's name and the toast, e.g. "server id". */
  label: string;
  length?: typeof SHORT_ID_LENGTH | typeof DISCORD_ID_LENGTH;
}

/**
 * An id cut short, the full id on hover (its title) and for screen readers, with a button that copies
 * the full id.
 */
export function CopyableId({ id, label, length }: CopyableIdProps) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs" title={id}>
        <span aria-hidden="true">{truncateId(id, length)}</span>
        <span className="sr-only">{id}</span>
      </span>
      <CopyButton value={id} what={label} className="size-7" />
    </span>
  );
}
