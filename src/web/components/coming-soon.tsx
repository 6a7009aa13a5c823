import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

interface ComingSoonProps {
  title: string;
  description: string;
  /** null hides the link, for pages that are themselves the place to go back to. */
  backTo?: { href: string; label: string } | null;
}

/** Stands in for a screen that is specified but not built yet, so no route renders blank. */
export function ComingSoon({
  title,
  description,
  backTo = { href: '/dashboard', label: 'Back to Dashboard' },
}: ComingSoonProps) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto w-full max-w-2xl">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{title}</h1>
      <Card>
        <CardHeader className="flex-row items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Construction className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1.5">
            <CardTitle id="coming-soon-title">Coming soon</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </CardHeader>
        {backTo !== null && (
          <CardContent>
            <Button asChild variant="outline">
              <Link href={backTo.href}>{backTo.label}</Link>
            </Button>
          </CardContent>
        )}
      </Card>
    </section>
  );
}
