import { Radio, WifiOff } from 'lucide-react';
import { useRealtimeStatus } from '../../lib/realtime';
import { cn } from '../../lib/utils';

/** Whether audit updates arrive live; polling still runs while an audit is in progress either way. */
export function LiveIndicator({ className }: { className?: string }) {
  const connected = useRealtimeStatus() === 'connected';
  const Icon = connected ? Radio : WifiOff;
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 text-xs',
        connected ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {connected ? 'Live updates on' : 'Live updates off'}
    </span>
  );
}
