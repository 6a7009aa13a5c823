import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './ui/button';
import { toast } from './ui/use-toast';

const COPIED_MARK_MS = 2000;

/** Copies one value; its accessible name says what, the toast and the tick say it worked. */
export function CopyButton({ value, what, className }: { value: string; what: string; className?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MARK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        toast({ title: 'Copied', description: `The ${what} is on your clipboard.`, variant: 'success' });
      },
      () =>
        toast({
          title: 'Copy Failed',
          description: `Your browser did not allow copying. Select the ${what} and copy it by hand.`,
          variant: 'destructive',
        }),
    );

  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className={className}
      onClick={() => void copy()}
      aria-label={`Copy ${what}`}
    >
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
