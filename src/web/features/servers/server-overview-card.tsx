import { Bot, Hash, Users, UserCog, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { Server } from '../../../shared/contracts/servers';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { NOT_READ_YET, serverFacts, type ServerFactLabel } from './server-facts';

const FACT_ICONS: Record<ServerFactLabel, LucideIcon> = { Members: Users, Roles: UserCog, Channels: Hash, Bots: Bot };

export function ServerOverviewCard({ server }: { server: Server }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-base">
          Server Overview
        </CardTitle>
        <CardDescription className="truncate">{server.name}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          {serverFacts(server).map(({ label, value }) => {
            const Icon = FACT_ICONS[label];
            return (
              <div key={label} className="grid gap-0.5 rounded-lg border bg-muted/30 p-3">
                <dt className="flex items-center gap-2 text-xs text-muted-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </dt>
                <dd
                  className={
                    value === NOT_READ_YET ? 'text-sm text-muted-foreground italic' : 'font-semibold tabular-nums'
                  }
                >
                  {value}
                </dd>
              </div>
            );
          })}
        </dl>
        {server.factsReadAt === null && (
          <p className="mt-3 text-xs text-muted-foreground">
            Rampart reads these figures during the first audit of this server.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
