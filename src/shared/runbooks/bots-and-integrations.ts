import type { RunbookEntry } from './runbook.js';

export const BOTS_AND_INTEGRATIONS_RUNBOOKS: readonly RunbookEntry[] = [
  {
    id: 'webhook-security',
    checkId: 'WEBHOOK_SECURITY',
    category: 'Bots & integrations',
    title: 'Lock down webhooks',
    description:
      'Only administrators may create webhooks, and every webhook in the server has a known owner and purpose.',
    content: `## Steps
1. Open **Server Settings** → **Roles** → **Default Permissions** (@everyone) and turn off **Manage Webhooks**. Save.
2. Open every other role and turn off **Manage Webhooks** unless it is an administrator role. Save each.
3. Check channel overwrites: on each channel, **Edit Channel** → **Permissions**, make sure no role or member is allowed **Manage Webhooks** there (the evidence of this check lists the channels).
4. Open **Server Settings** → **Integrations** → **Webhooks**. Each webhook shows its channel and who created it.
5. Delete (**Delete Webhook**) every webhook you do not recognise, whose creator has left, or that posts into a public or announcement channel without a clear owner.
6. If a webhook's URL may have leaked (pasted in chat, committed to a repository, shared with a vendor), delete it and create a new one, then update the service that uses it: a webhook URL cannot be changed, only replaced.
7. Run a new audit.

## Done when
- @everyone and non-admin roles cannot manage webhooks, server-wide or in any channel.
- Every remaining webhook has a known owner and purpose, and none was made by someone who left.

## Pitfalls
- A webhook URL is a password: anyone holding it can post as any name and avatar, with no 2FA. Never paste it in Discord.
- Webhooks posting in announcement channels are the favourite tool for fake "mint" and "airdrop" scams.
- Following another server's announcement channel creates a webhook too (listed under **Channels Followed** in **Integrations**); unfollow the ones you no longer read.`,
  },
  {
    id: 'inactive-bots',
    checkId: 'INACTIVE_BOTS',
    category: 'Bots & integrations',
    title: 'Remove bots and integrations you no longer use',
    description: 'An unused bot still holds its permissions and its token still works; remove it.',
    content: `## Steps
1. Open **Server Settings** → **Integrations**. The **Bots and Apps** section lists every app in the server.
2. For each bot the evidence marks as possibly inactive, ask your team whether it is still used. To see its recent actions, open **Server Settings** → **Audit Log** and filter by that bot as the user.
3. Remove bots nobody uses: in the member list, right-click the bot → **Kick**, or remove the app from its page under **Server Settings** → **Integrations**.
4. For disabled integrations (for example a streaming or subscription integration that is switched off), delete the integration and the role it left behind in **Server Settings** → **Roles**.
5. Keep a short list of the bots you keep, who on your team owns each, and why it is there. Add that list to your evidence for any bot the check still flags.
6. Run a new audit.

## Done when
- Every bot in the server is in use and has an owner on your team.
- No disabled integration keeps a role with privileged permissions.

## Pitfalls
- Discord shows no "last active" date for bots: a bot that only answers commands may look inactive. Confirm with your team rather than guessing.
- A kicked bot can be added back by anyone with **Manage Server**; keep that permission to administrators.
- Abandoned bots are sold and hijacked: a bot whose developer vanished is a reason to replace it even if it still works.`,
  },
  {
    id: 'bot-token-hygiene',
    checkId: 'BOT_TOKEN_HYGIENE',
    category: 'Bots & integrations',
    title: 'Keep your own bots’ tokens secret and fresh',
    description:
      'For every bot your team runs itself: the token lives in a secret store, is rotated, and its developer account has 2FA.',
    content: `## Steps
1. Sign in to the Discord Developer Portal (discord.com/developers/applications) with the account that owns each of your bots.
2. Enable 2FA on that account first (**User Settings** → **My Account** → **Password and Authentication**); put shared bots in a **Team** in the Developer Portal so no single person's account owns them.
3. Open the application → **Bot**. If the bot is private, turn off **Public Bot** so nobody else can add it to their server. Save.
4. Choose **Reset Token** on the same page. The new token is shown once: put it straight into your secret store or your host's environment variables, never into code, a config file in a repository, or a chat message.
5. Redeploy the bot with the new token and check that it comes back online.
6. Scan your repositories for old tokens (for example with gitleaks or trufflehog, and GitHub secret scanning). Treat any token found as leaked, even if old: reset it.
7. Put a rotation date in your calendar (every 90 days, and whenever someone with access leaves).
8. Submit the attestation on this check: where each token is stored, the last rotation date, that repositories are scanned, and that developer accounts have 2FA. Never paste a token.

## Done when
- Every self-hosted bot's token is only in a secret store or environment variable and was rotated recently.
- Each developer account owning a bot has 2FA, and private bots are not public.

## Pitfalls
- A token works without 2FA: whoever has it acts with every permission the bot has in every server.
- Screenshots and log files leak tokens too; scrub logs and never print the token at start-up.
- Resetting the token disconnects the running bot at once: plan the redeploy before you reset.`,
  },
  {
    id: 'bot-admin-privileges',
    checkId: 'BOT_ADMIN_PRIVILEGES',
    category: 'Bots & integrations',
    title: 'Take Administrator away from bots',
    description: 'A bot gets only the permissions its features need; no third-party bot holds Administrator.',
    content: `## Steps
1. Open **Server Settings** → **Roles** and find each bot's own role (named after the bot). For each bot the evidence lists, open that role's **Permissions** tab.
2. Turn off **Administrator**. Turn on only what the bot's features need (its documentation says which), for example **Send Messages**, **Embed Links**, **Manage Messages** for a moderation bot. Save.
3. Check the other roles the bot holds (the bot's profile in the member list shows them) and remove any that carry **Administrator**, **Manage Server**, **Manage Roles** or **Manage Webhooks** it does not need.
4. Where the bot needs a power in a few channels only, grant it there (**Edit Channel** → **Permissions** → add the bot's role) instead of server-wide.
5. Test the bot's features. If it refuses to work without Administrator, replace it with a bot that asks for less, or keep it and watch its actions in **Server Settings** → **Audit Log**.
6. Prefer verified apps (they show a verified check mark) from developers you can reach. Run a new audit.

## Done when
- No third-party bot holds **Administrator**, through its own role or any other.
- Bots with **Manage Server**, **Manage Roles** or **Manage Webhooks** need them for a feature you use.

## Pitfalls
- Re-inviting a bot with an invite link that asks for Administrator gives it back; use a link with the permissions you chose.
- A bot with **Manage Roles** can give itself any role below its own: keep privileged roles above bot roles (see the role hierarchy runbook).
- Rampart's own audit bot is left out of this check; it needs no Administrator either, so prefer its least-privilege invite.`,
  },
];
