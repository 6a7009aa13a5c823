import { FileSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

/** The empty state of the evidence lists. */
export function NoEvidenceCard({ hint, children }: { hint: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <FileSearch className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">No Evidence Submitted</h2>
        <CardDescription className="max-w-md">{hint}</CardDescription>
      </CardHeader>
      {children !== undefined && <CardContent className="flex justify-center">{children}</CardContent>}
    </Card>
  );
}
