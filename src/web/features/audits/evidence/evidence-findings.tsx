import type { ReactNode } from 'react';
import type {
  BotFinding,
  ChannelFinding,
  IntegrationFinding,
  MemberFinding,
  RoleFinding,
} from '../../../../shared/findings';
import type { EvidenceSection } from './evidence-sections';
import { roleDisplayName, summarizePermissions } from './permission-names';
import { Badge } from '../../../components/ui/badge';

type SectionOf<K extends EvidenceSection['kind']> = Extract<EvidenceSection, { kind: K }>;

export function EvidenceBlock({ title, meta, children }: { title: string; meta?: string | null; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm font-semibold">
        {title}
        {meta !== undefined && meta !== null && (
          <span className="text-xs font-normal text-muted-foreground">{meta}</span>
        )}
      </h4>
      {children}
    </section>
  );
}

function PermissionList({ bitmask, names }: { bitmask: string; names?: string[] | undefined }) {
  const summary = summarizePermissions(bitmask);
  if (summary.critical.length === 0 && summary.others.length === 0) {
    return names !== undefined && names.length > 0 ? (
      <p className="text-xs text-muted-foreground">{names.join(', ')}</p>
    ) : null;
  }
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Permissions">
      {summary.critical.map((name) => (
        <li key={name}>
          <Badge variant="outline" className="border-destructive/40 bg-destructive/10 text-destructive">
            {name}
          </Badge>
        </li>
      ))}
      {summary.others.map((name) => (
        <li key={name}>
          <Badge variant="outline">{name}</Badge>
        </li>
      ))}
      {summary.hiddenOthers > 0 && (
        <li className="self-center text-xs text-muted-foreground">+{summary.hiddenOthers} more</li>
      )}
    </ul>
  );
}

const itemClass = 'grid gap-1 rounded-md border bg-muted/30 px-3 py-2 text-sm';

function RoleRow({ role }: { role: RoleFinding }) {
  return (
    <li className={itemClass}>
      <p className="flex flex-wrap items-baseline justify-between gap-2 font-medium">
        {roleDisplayName(role.name)}
        {role.members !== undefined && role.members !== null && (
          <span className="text-xs font-normal text-muted-foreground">
            {role.members === 1 ? '1 member' : `${role.members} members`}
          </span>
        )}
      </p>
      <PermissionList bitmask={role.permissions} names={role.permissionNames} />
      {role.problem !== undefined && <p className="text-xs text-muted-foreground">{role.problem}</p>}
    </li>
  );
}

export function RolesSection({ section }: { section: SectionOf<'roles'> }) {
  return (
    <EvidenceBlock title="Roles with critical permissions" meta={`${section.roles.length} roles`}>
      <ul className="grid gap-2">
        {section.roles.map((role, index) => (
          <RoleRow key={`${role.name}-${index}`} role={role} />
        ))}
      </ul>
    </EvidenceBlock>
  );
}

function BotRow({ bot }: { bot: BotFinding }) {
  return (
    <li className={itemClass}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {bot.name}
        {bot.verified === false && <Badge variant="outline">Unverified</Badge>}
      </p>
      {bot.problem !== '' && <p>{bot.problem}</p>}
      {bot.dangerousPermissions.length > 0 && (
        <p className="text-xs text-destructive">{bot.dangerousPermissions.join(', ')}</p>
      )}
      {bot.solution !== '' && <p className="text-xs text-muted-foreground">Fix: {bot.solution}</p>}
    </li>
  );
}

export function BotsSection({ section }: { section: SectionOf<'bots'> }) {
  const meta = [
    section.totalBots !== null ? `${section.totalBots} bots in total` : null,
    section.criticalCount !== null ? `${section.criticalCount} critical` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <EvidenceBlock title={section.title} meta={meta === '' ? null : meta}>
      {section.bots.length === 0 ? (
        <p className="text-sm text-muted-foreground">No problematic bots found.</p>
      ) : (
        <ul className="grid gap-2">
          {section.bots.map((bot, index) => (
            <BotRow key={`${bot.name}-${index}`} bot={bot} />
          ))}
        </ul>
      )}
    </EvidenceBlock>
  );
}

function ChannelRow({ channel }: { channel: ChannelFinding }) {
  return (
    <li className={itemClass}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {channel.name}
        {channel.type !== '' && <Badge variant="outline">{channel.type}</Badge>}
      </p>
      <PermissionList bitmask={channel.permissions} names={channel.permissionNames} />
      {channel.problem !== undefined && <p className="text-xs text-muted-foreground">{channel.problem}</p>}
    </li>
  );
}

export function ChannelsSection({ section }: { section: SectionOf<'channels'> }) {
  const meta = [
    section.publicChannels !== null ? `${section.publicChannels} public` : null,
    section.vulnerableChannels !== null ? `${section.vulnerableChannels} vulnerable` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <EvidenceBlock title="Channels" meta={meta === '' ? null : meta}>
      {section.shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No channel findings.</p>
      ) : (
        <ul className="grid gap-2">
          {section.shown.map((channel, index) => (
            <ChannelRow key={`${channel.name}-${index}`} channel={channel} />
          ))}
        </ul>
      )}
      {section.total > section.shown.length && (
        <p className="text-xs text-muted-foreground">And {section.total - section.shown.length} more channels.</p>
      )}
    </EvidenceBlock>
  );
}

function MemberRow({ member }: { member: MemberFinding }) {
  return (
    <li className={itemClass}>
      <p className="font-medium">{member.displayName ?? member.username ?? 'Unknown member'}</p>
      {member.roles.length > 0 && <p className="text-xs text-muted-foreground">{member.roles.join(', ')}</p>}
    </li>
  );
}

export function MembersSection({ section }: { section: SectionOf<'members'> }) {
  const meta =
    section.membersWithElevatedPerms === null
      ? 'Member list unavailable'
      : `${section.membersWithElevatedPerms} with elevated permissions${section.totalMembers === null ? '' : ` of ${section.totalMembers}`}`;
  return (
    <EvidenceBlock title="Members" meta={meta}>
      {section.shown.length > 0 && (
        <ul className="grid gap-2">
          {section.shown.map((member, index) => (
            <MemberRow key={`${member.username ?? member.displayName ?? 'member'}-${index}`} member={member} />
          ))}
        </ul>
      )}
      {section.total > section.shown.length && (
        <p className="text-xs text-muted-foreground">And {section.total - section.shown.length} more members.</p>
      )}
    </EvidenceBlock>
  );
}

function IntegrationRow({ integration }: { integration: IntegrationFinding }) {
  return (
    <li className={itemClass}>
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {integration.name}
        {integration.type !== '' && <Badge variant="outline">{integration.type}</Badge>}
        {integration.enabled !== undefined && (
          <Badge variant="secondary">{integration.enabled ? 'Enabled' : 'Disabled'}</Badge>
        )}
      </p>
      {integration.problem !== undefined && <p className="text-xs text-muted-foreground">{integration.problem}</p>}
    </li>
  );
}

export function IntegrationsSection({ section }: { section: SectionOf<'integrations'> }) {
  const meta = section.suspiciousIntegrations === null ? null : `${section.suspiciousIntegrations} suspicious`;
  return (
    <EvidenceBlock title="Integrations" meta={meta}>
      {section.integrations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No integrations found.</p>
      ) : (
        <ul className="grid gap-2">
          {section.integrations.map((integration, index) => (
            <IntegrationRow key={`${integration.name}-${index}`} integration={integration} />
          ))}
        </ul>
      )}
    </EvidenceBlock>
  );
}
