import { Copy } from 'lucide-react';
import { Button } from './ui/button';
import { toast } from './ui/use-toast';

interface CopyableIdProps {
  id: string;
  /** 8 for our ids, 12 for Discord ids (part 2: ids shown truncated). */
  length: 8 | 12;
  /** What the id is, for the copy button's name and the toast, e.g. "server id". */
  label: string;
}

/** An id cut to its first characters; the full id is in the title (hover), read by screen readers, and copied. */
export function CopyableId({ id, length, label }: CopyableIdProps) {
  const copy = () =>
    navigator.clipboard.writeText(id).then(
      () => toast({ title: 'Copied', description: `The ${label} is on your clipboard.`, variant: 'success' }),
      () =>
        toast({
          title: 'Copy Failed',
          description: `Your browser did not allow copying. The full ${label} is ${id}.`,
          variant: 'destructive',
        }),
    );
  const shown = id.length > length ? `${id.slice(0, length)}…` : id;
  return (
    <span className="inline-flex items-center gap-0.5">
      <span className="font-mono text-xs" title={id}>
        <span aria-hidden="true">{shown}</span>
        <span className="sr-only">{id}</span>
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-6 [&_svg]:size-3.5"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
      >
        <Copy aria-hidden="true" />
      </Button>
    </span>
  );
}
