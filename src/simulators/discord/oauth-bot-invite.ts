import type { FastifyReply } from 'fastify';
import { hiddenFields, sendHtml } from './authorize-params.js';
import type { AuthorizeParams } from './authorize-params.js';
import type { SimulatorContext } from './context.js';
import { DEMO_ACCOUNTS, RAMPART_BOT } from './fixtures/index.js';
import { ALL_PERMISSIONS, has, P, permissionNames } from './permissions.js';
import type { AccountChoice } from './pages.js';
import { botInvitePage, messagePage } from './pages.js';
import type { SimulatedGuild } from './simulated-guild.js';

/**
 * The bot-invite flow (discord-reference §5.4): `client_id&scope=bot[ applications.commands]&permissions=N&guild_id=G`.
 * It needs no redirect URI; the chosen account must own the guild or hold MANAGE_GUILD there.
 */

type InviteCheck =
  { ok: true; guild: SimulatedGuild; permissions: bigint } | { ok: false; status: number; message: string };

function checkInvite(params: AuthorizeParams, context: SimulatorContext): InviteCheck {
  if (params.client_id !== context.app.clientId) {
    return { ok: false, status: 400, message: 'Unknown application: client_id is missing or not registered.' };
  }
  const permissionsText = params.permissions ?? '0';
  if (!/^\d{1,20}$/.test(permissionsText))
    return { ok: false, status: 400, message: 'Invalid permissions: expected a decimal integer.' };
  const permissions = BigInt(permissionsText);
  if ((permissions & ~ALL_PERMISSIONS) !== 0n)
    return { ok: false, status: 400, message: 'Invalid permissions: unknown permission bits.' };
  if (params.guild_id === undefined) {
    return {
      ok: false,
      status: 400,
      message: 'The simulator needs guild_id in the invite URL to know which server to add the bot to.',
    };
  }
  const guild = /^\d{1,20}$/.test(params.guild_id) ? context.state.guild(params.guild_id) : undefined;
  if (!guild)
    return { ok: false, status: 404, message: `Unknown server: no fixture guild has the id ${params.guild_id}.` };
  return { ok: true, guild, permissions };
}

/** Owner, ADMINISTRATOR and MANAGE_GUILD holders may add bots; base permissions already fold the first two in. */
function canManage(guild: SimulatedGuild, userId: string): boolean {
  return has(guild.basePermissions(userId), P.ManageGuild);
}

function accountChoices(guild: SimulatedGuild): AccountChoice[] {
  return DEMO_ACCOUNTS.map((account) => {
    const id = account.user.id;
    const note =
      guild.ownerId === id
        ? 'Owner'
        : canManage(guild, id)
          ? 'Can manage this server'
          : guild.isMember(id)
            ? 'Cannot manage this server'
            : 'Not a member';
    return {
      id,
      displayName: account.user.global_name ?? account.user.username,
      username: account.user.username,
      note,
    };
  });
}

function invitePage(
  guild: SimulatedGuild,
  permissions: bigint,
  params: AuthorizeParams,
  selectedId: string | undefined,
  error?: string,
): string {
  const accounts = accountChoices(guild);
  const firstEligible = accounts.find((account) => canManage(guild, account.id))?.id;
  return botInvitePage({
    botName: RAMPART_BOT.username,
    guildName: guild.name,
    permissionNames: permissionNames(permissions),
    accounts,
    hidden: hiddenFields(params),
    selectedId: selectedId ?? firstEligible,
    ...(error === undefined ? {} : { error }),
  });
}

export function renderBotInvite(reply: FastifyReply, context: SimulatorContext, params: AuthorizeParams): FastifyReply {
  const check = checkInvite(params, context);
  if (!check.ok) return sendHtml(reply, check.status, messagePage('Cannot add the bot', check.message, 'error'));
  return sendHtml(reply, 200, invitePage(check.guild, check.permissions, params, undefined));
}

export function submitBotInvite(
  reply: FastifyReply,
  context: SimulatorContext,
  params: AuthorizeParams,
  fields: Record<string, string>,
): FastifyReply {
  const check = checkInvite(params, context);
  if (!check.ok) return sendHtml(reply, check.status, messagePage('Cannot add the bot', check.message, 'error'));
  const { guild, permissions } = check;
  if (fields.decision === 'cancel') {
    return sendHtml(
      reply,
      200,
      messagePage('Cancelled', `${RAMPART_BOT.username} was not added to ${guild.name}.`, 'info'),
    );
  }
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.user.id === fields.account_id);
  if (!account) {
    return sendHtml(
      reply,
      400,
      invitePage(guild, permissions, params, undefined, 'Choose the account that adds the bot.'),
    );
  }
  const name = account.user.global_name ?? account.user.username;
  if (!canManage(guild, account.user.id)) {
    const reason = guild.isMember(account.user.id)
      ? `${name} does not have the Manage Server permission in ${guild.name}, so they cannot add bots to it.`
      : `${name} is not a member of ${guild.name}, so they cannot add bots to it.`;
    return sendHtml(reply, 403, invitePage(guild, permissions, params, account.user.id, reason));
  }
  context.state.addBotToGuild(guild.id, permissions, account.user.id);
  return sendHtml(reply, 200, messagePage('Success', `Bot added to ${guild.name}. You can close this tab.`, 'success'));
}
