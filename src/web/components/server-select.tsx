import type { Server } from '../../shared/contracts/servers';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

interface ServerSelectProps {
  id: string;
  servers: Server[] | undefined;
  isLoading: boolean;
  value: string;
  onValueChange: (serverId: string) => void;
  invalid?: boolean;
}

export function ServerSelect({ id, servers, isLoading, value, onValueChange, invalid = false }: ServerSelectProps) {
  const empty = !isLoading && (servers === undefined || servers.length === 0);
  const placeholder = isLoading ? 'Loading servers...' : empty ? 'No servers available' : 'Select a server';
  return (
    <Select value={value} onValueChange={onValueChange} disabled={isLoading || empty}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {servers?.map((server) => (
          <SelectItem key={server.id} value={server.id}>
            {server.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
