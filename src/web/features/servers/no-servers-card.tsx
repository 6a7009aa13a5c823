import { ServerOff } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';

/** Shown where a page needs a server but the user has none the bot can see. */
export function NoServersCard() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <ServerOff className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-sm text-muted-foreground">
          No servers found. Invite the bot to your Discord server to get started.
        </p>
      </CardContent>
    </Card>
  );
}
