import type { LucideIcon } from 'lucide-react';

/** A section with nothing to list: what it will hold, and what puts something there. */
export function SectionEmpty({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint: string }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
      <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground">{hint}</p>
    </div>
  );
}

export const CELL = 'py-2 pr-3 align-top';

export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b text-xs text-muted-foreground">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="py-2 pr-3 font-medium">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
