/**
 * Step-by-step fix instructions for fifteen named topics. They complement each check's
 * own remediation text (which names exactly what was found) with the clicks to get there.
 */
export const FIX_GUIDES = {
  'Two-Factor Authentication': [
    'Ask every moderator, administrator and bot owner to turn on 2FA first (User Settings > My Account > Enable Two-Factor Auth); once the rule is on, anyone without it loses their moderation powers.',
    'Turn on 2FA on the owner account: Discord only lets an owner with 2FA change this setting.',
    'Open Server Settings > Safety Setup and turn on "Require 2FA for moderator actions".',
    'Check with your staff that their moderation tools still work, and follow up with anyone who lost access.',
    'Run a re-audit to confirm the check passes.',
  ],
  'Bot Permissions': [
    'Open Server Settings > Integrations and list every bot and what your community uses it for.',
    "Open Server Settings > Roles, select each bot's role and remove Administrator.",
    'Grant only the permissions each bot needs for its features, per channel where possible.',
    'Remove bots you no longer use, and prefer verified bots for anything with management permissions.',
    'Keep bot roles below your administrator and moderator roles, then re-audit.',
  ],
  'Cold Super User': [
    'Keep the owner account for administration only: no everyday chatting, no joining unknown servers.',
    'Protect it with an authenticator app or security key, and store the backup codes offline.',
    'Give it its own email address and a unique password, used nowhere else.',
    'Remove SMS as a backup method and avoid QR-code login on shared devices.',
    'Write down a recovery plan: who holds the backup codes and how ownership would be transferred.',
  ],
  'Role Hierarchy': [
    'Open Server Settings > Roles.',
    'Drag your human administrator role to the top of the list.',
    'Order the rest: staff, then moderators, then bots, then member roles.',
    'Give Manage Roles only to roles that sit just above the roles they must assign.',
    'Check the order again whenever a new bot joins, since its role may be placed high.',
  ],
  'Channel Permissions': [
    'For each channel listed in the evidence, open Edit Channel > Permissions.',
    'Remove Manage Channel, Manage Permissions and Manage Webhooks from @everyone and from broad roles.',
    'Deny Send Messages to @everyone in your rules and announcement channels.',
    'Replace per-member overwrites with a staff role, so access is reviewed in one place.',
    'Hide staff channels from @everyone by denying View Channel.',
  ],
  'Verification Level': [
    'Open Server Settings > Safety Setup > Verification Level.',
    'Choose at least Medium (account registered on Discord for 5 minutes).',
    'For public servers, choose High (member of the server for 10 minutes); use Highest during raids.',
    'Pair it with Rules Screening so new members accept your rules before they can talk.',
  ],
  'Content Filter': [
    'Open Server Settings > Safety Setup > AutoMod.',
    'Set the explicit image filter to "Filter messages from all members".',
    'Enable the Block Spam Content, Block Mention Spam and Commonly Flagged Words rules.',
    'Set each rule to block the message and alert a staff-only log channel.',
    'Do not exempt @everyone from a rule, or the rule protects nobody.',
  ],
  'Default Permissions': [
    'Open Server Settings > Roles > @everyone (Default Permissions).',
    'Remove Administrator, Manage Server, Manage Roles, Manage Channels, Manage Webhooks, Kick Members and Ban Members.',
    'Also remove Mention @everyone, Manage Messages, Manage Threads, Timeout Members, Manage Nicknames, View Audit Log and Manage Events.',
    'Grant these to dedicated staff roles instead.',
    "Check each channel's @everyone overwrite too: a channel can grant back what the role removed.",
  ],
  'Audit Logs': [
    'Open Server Settings > Roles.',
    'Remove View Audit Log from @everyone and from roles that do not moderate.',
    'Keep it on administrator and moderator roles, for no more than about ten people in total.',
    'Review the audit log regularly for unexpected role, permission and webhook changes.',
  ],
  'Member Screening': [
    'Open Server Settings > Enable Community (needs a rules channel and verification level Low or higher).',
    'Open Server Settings > Safety Setup > Rules Screening and turn it on.',
    'List the rules new members must accept before they can talk.',
    'Set up a welcome screen and onboarding to guide new members to the right channels.',
  ],
  'Webhook Security': [
    'Open Server Settings > Integrations > Webhooks and review each webhook.',
    'Delete webhooks you do not recognise, or whose creator has left the server.',
    'Remove Manage Webhooks from non-admin roles and from channel overwrites.',
    'Rotate (delete and recreate) any webhook whose address may have leaked.',
    'Never paste webhook addresses in chat or public code repositories.',
  ],
  'Invite Settings': [
    'Open Server Settings > Invites and revoke invites that are no longer needed.',
    'Remove Create Invite from @everyone if only staff should invite people.',
    'Use invites that expire and have a limited number of uses.',
    'Pause invites from Server Settings > Safety Setup during a raid.',
    'Keep a vanity address only with verification and rules screening turned on.',
  ],
  'Voice Channel Security': [
    'For each stage and voice channel in the evidence, open Edit Channel > Permissions.',
    'Remove Manage Channel, Mute Members, Deafen Members and Move Members from @everyone.',
    'Give those permissions to an event-staff or stage-moderator role.',
    'On stages, leave members with Request to Speak instead of speaking freely.',
    'For forum and media channels, remove Manage Threads from @everyone and set a slowmode for new posts.',
  ],
  'External Applications': [
    'Open Server Settings > Roles > @everyone.',
    'Remove Use External Apps and Use External Emojis, Stickers and Sounds.',
    'Remove Embed Links and Attach Files, and grant them to a verified or levelled role instead.',
    'Where a channel needs them, allow them in that channel only.',
    'Keep the explicit image filter on for all members.',
  ],
  'Server Discovery': [
    'Decide whether the server should be listed publicly at all: Server Settings > Discovery.',
    'Before listing, set the verification level to Medium or higher and turn on Rules Screening.',
    'Turn on the AutoMod rules for spam, mention spam and flagged words.',
    'Make sure moderators have 2FA and clear roles, since listing brings many strangers at once.',
    'Watch new-member activity after listing, and pause invites if a raid starts.',
  ],
} as const satisfies Record<string, readonly string[]>;

export type FixTopic = keyof typeof FIX_GUIDES;

/** Which topic explains each of our checks (a test keeps the ids real); others get the generic steps. */
export const TOPIC_BY_CHECK: ReadonlyMap<string, FixTopic> = new Map<string, FixTopic>([
  ['MFA_MODERATION', 'Two-Factor Authentication'],
  ['BOT_ADMIN_PRIVILEGES', 'Bot Permissions'],
  ['CSU_OWNER_VERIFICATION', 'Cold Super User'],
  ['ROLE_HIERARCHY', 'Role Hierarchy'],
  ['CHANNEL_HARDENING', 'Channel Permissions'],
  ['VERIFICATION_LEVEL', 'Verification Level'],
  ['EXPLICIT_CONTENT_FILTER', 'Content Filter'],
  ['AUTOMOD_ENABLED', 'Content Filter'],
  ['EVERYONE_PERMISSIONS', 'Default Permissions'],
  ['AUDIT_LOG_ACCESS', 'Audit Logs'],
  ['MEMBER_SCREENING', 'Member Screening'],
  ['WEBHOOK_SECURITY', 'Webhook Security'],
  ['STAGE_FORUM_CHANNELS', 'Voice Channel Security'],
  ['EXTERNAL_CONTENT', 'External Applications'],
]);

/** The five-step fallback for checks without a named topic. */
export const GENERIC_FIX_STEPS = [
  'Read why this check matters and what the audit found in its evidence.',
  'Open Server Settings in Discord with the owner account or an administrator.',
  'Make the change described under "What to change" above.',
  'Ask a second administrator to review the change.',
  'Run a re-audit to confirm the check now passes.',
] as const;

export interface FixGuide {
  topic: FixTopic | null;
  steps: readonly string[];
}

/**
 * The guide for a check: by its id, else by a topic its name mentions (so a check the engine adds
 * later, such as one named "Invite Settings", finds its guide), else the generic steps.
 */
export function fixGuideFor(check: { checkId: string; checkName: string }): FixGuide {
  const byId = TOPIC_BY_CHECK.get(check.checkId);
  const name = check.checkName.toLowerCase();
  const topic =
    byId ?? (Object.keys(FIX_GUIDES) as FixTopic[]).find((candidate) => name.includes(candidate.toLowerCase())) ?? null;
  return topic === null ? { topic, steps: GENERIC_FIX_STEPS } : { topic, steps: FIX_GUIDES[topic] };
}
