import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ServerSelect } from '../../components/server-select';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useBypassPaywall } from '../../api/paywall/bypass-paywall';
import { useServers } from '../../api/servers/servers';
import {
  BYPASS_CODE_MAX_LENGTH,
  BYPASS_USERNAME_MAX_LENGTH,
  DEFAULT_BYPASS_USERNAME,
  MISSING_INFORMATION,
  bypassFailureMessage,
  toBypassRequest,
} from './bypass-form-state';

/** Bypass-code form; reused by the paywall. `onDone` runs after access is granted. */
export function BypassForm({ onDone }: { onDone?: () => void }) {
  const [code, setCode] = useState('');
  const [username, setUsername] = useState(DEFAULT_BYPASS_USERNAME);
  const [serverId, setServerId] = useState('');
  const [, navigate] = useLocation();
  const servers = useServers({ enabled: true });
  const ids = { code: useId(), username: useId(), server: useId() };

  const bypass = useBypassPaywall({
    onSuccess: () => {
      toast({ title: 'Access Granted!', description: 'Your bypass code was accepted.', variant: 'success' });
      onDone?.();
      navigate('/dashboard');
    },
    onError: (error) => {
      toast({ title: 'Invalid Code', description: bypassFailureMessage(error), variant: 'destructive' });
    },
  });

  const request = toBypassRequest({ code, username, serverId });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request === null) {
      toast({ ...MISSING_INFORMATION, variant: 'destructive' });
      return;
    }
    bypass.mutate(request);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={bypass.isPending}>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.code}>Bypass code</Label>
        <Input
          id={ids.code}
          type="password"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={BYPASS_CODE_MAX_LENGTH}
          autoComplete="off"
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.username}>Username</Label>
        <Input
          id={ids.username}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          maxLength={BYPASS_USERNAME_MAX_LENGTH}
          autoComplete="off"
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.server}>Server</Label>
        <ServerSelect
          id={ids.server}
          servers={servers.data}
          isLoading={servers.isLoading}
          value={serverId}
          onValueChange={setServerId}
        />
        {servers.isError && (
          <p className="text-sm text-destructive">Could not load your servers. Close and try again.</p>
        )}
      </div>
      <Button type="submit" disabled={request === null || bypass.isPending}>
        {bypass.isPending ? <Spinner className="size-4 text-current" /> : <KeyRound aria-hidden="true" />}
        {bypass.isPending ? 'Verifying code...' : 'Unlock access'}
      </Button>
    </form>
  );
}
