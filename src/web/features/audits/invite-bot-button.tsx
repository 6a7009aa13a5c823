import { Bot, ChevronDown } from 'lucide-react';
import { openBotInvite, usePublicConfig, type BotPermissionChoice } from '../../api/public-config/public-config';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { toast } from '../../components/ui/use-toast';

interface InviteBotButtonProps {
  /** The Discord id of the guild the bot is invited to; undefined while no server is chosen. */
  guildDiscordId: string | undefined;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * Invites the audit bot to one guild in a new tab: with Administrator (what the product asks for), or,
 * from the menu, with the least-privilege set for owners who will not grant Administrator.
 */
export function InviteBotButton({
  guildDiscordId,
  label = 'Invite',
  variant = 'outline',
  size = 'default',
  className,
}: InviteBotButtonProps) {
  const config = usePublicConfig();
  const disabled = guildDiscordId === undefined || config.isPending;

  const invite = (choice: BotPermissionChoice) => {
    if (guildDiscordId === undefined) return;
    if (config.data === undefined) {
      toast({
        title: 'Invite Unavailable',
        description: 'The bot invite link could not be loaded. Please try again.',
        variant: 'destructive',
      });
      void config.refetch();
      return;
    }
    openBotInvite(config.data, guildDiscordId, choice);
  };

  return (
    <div className={cn('inline-flex', className)}>
      <Button
        variant={variant}
        size={size}
        disabled={disabled}
        onClick={() => invite('administrator')}
        className="rounded-r-none"
      >
        <Bot aria-hidden="true" />
        {label}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant={variant}
            size={size}
            disabled={disabled}
            aria-label="More invite options"
            className="rounded-l-none border-l-0 px-2"
          >
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel>Invite the Rampart bot</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => invite('administrator')}>
            Invite with Administrator (recommended)
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => invite('leastPrivilege')}>
            Invite with least privilege (some checks may be UNKNOWN)
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
