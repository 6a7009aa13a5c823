import type { RunbookEntry } from './runbook.js';

export const MODERATION_AND_VERIFICATION_RUNBOOKS: readonly RunbookEntry[] = [
  {
    id: 'mfa-moderation',
    checkId: 'MFA_MODERATION',
    category: 'Moderation & verification',
    title: 'Require 2FA for moderation',
    description: 'Every ban, kick, deletion or role change needs the moderator’s second factor.',
    content: `## Steps
1. Tell your moderators, administrators and the owners of your own bots to enable 2FA first (**User Settings** → **My Account** → **Password and Authentication** → **Enable Authenticator App**). Give them a deadline.
2. As the server owner, enable 2FA on your own account the same way: Discord lets only an owner with 2FA change this setting.
3. On desktop or the web, open **Server Settings** → **Safety Setup** and find the 2FA requirement for moderator actions (in its **Permissions** part; older clients: **Server Settings** → **Moderation** → **Enable 2FA Requirement**).
4. Turn it on and confirm with your authenticator code.
5. Run a new audit.

## Done when
- The server requires 2FA for moderation (Discord reports its MFA level as elevated).
- Every moderator and administrator can still act, because they all have 2FA.

## Pitfalls
- Staff without 2FA silently lose their moderation and management permissions until they enable it.
- Bots are not affected, but the developer accounts that own your bots should have 2FA anyway (see the bot token runbook).
- Only the owner can turn this on or off; if the owner account is lost, so is this setting (see the cold super user runbook).`,
  },
  {
    id: 'automod-enabled',
    checkId: 'AUTOMOD_ENABLED',
    category: 'Moderation & verification',
    title: 'Turn on AutoMod’s blocking rules',
    description:
      'Spam, mention raids and slurs are blocked before anyone sees them, around the clock, with no one exempted wholesale.',
    content: `## Steps
1. Open **Server Settings** → **AutoMod** (in newer clients, the AutoMod part of **Safety Setup**). You need **Manage Server**.
2. **Block Mention Spam**: set the limit to 20 mentions or fewer per message, turn on raid protection, choose the **Block message** response (and optionally **Send alert** to a moderator channel and **Timeout member**). Save.
3. **Block Spam Content** (suspected spam): turn it on with the **Block message** response. Save.
4. **Block Commonly Flagged Words**: turn it on, tick the word lists you want, and choose **Block message**. Save.
5. Optionally add **Block Custom Words** for scams that target your community (fake support, "free nitro", your project's name with "airdrop").
6. In every rule's exemptions, make sure **@everyone** is not exempted; exempt only staff roles or staff channels.
7. Run a new audit.

## Done when
- At least one enabled spam, mention spam or flagged words rule blocks messages, and none exempts @everyone.
- The mention spam rule allows 20 mentions or fewer and has raid protection on.

## Pitfalls
- A rule that only sends an alert blocks nothing; the check looks for **Block message**.
- Exempting @everyone makes a rule apply to no one, even though it looks enabled.
- AutoMod does not act on members with **Manage Server** or **Administrator**: test your rules with an ordinary member's account.`,
  },
  {
    id: 'explicit-content-filter',
    checkId: 'EXPLICIT_CONTENT_FILTER',
    category: 'Moderation & verification',
    title: 'Scan media from every member',
    description: 'The explicit image filter checks uploads from all members, not only those without roles.',
    content: `## Steps
1. Open **Server Settings** → **Safety Setup** and find the explicit image filter (newer clients call it the sensitive media or media content filter).
2. Choose the option that filters messages from **all members**.
3. Save, then run a new audit.

## Done when
- The filter applies to all members (Discord reports the explicit content filter level 2, "all members").

## Pitfalls
- "Members without roles" is not enough: a compromised member with any role can then post anything.
- Channels marked age-restricted are not filtered; mark only channels that need it.
- Enabling Community asks for this filter on all members; if someone lowered it since, raise it again here.`,
  },
  {
    id: 'verification-level',
    checkId: 'VERIFICATION_LEVEL',
    category: 'Moderation & verification',
    title: 'Raise the verification level',
    description: 'New accounts must wait before they can talk, which stops most throwaway raid accounts.',
    content: `## Steps
1. Open **Server Settings** → **Safety Setup** → **Verification Level** (older clients: **Server Settings** → **Moderation**).
2. Choose at least **Medium** (verified email and a Discord account older than 5 minutes).
3. For a public server that is raided or that lists its invite publicly, choose **High** (also a member of the server for 10 minutes). **Highest** (verified phone number) suits servers under active attack.
4. Save, then run a new audit.

## Done when
- The verification level is Medium or higher.
- Members who bypass verification are only those you gave a role on purpose.

## Pitfalls
- Members who get a role on joining (from a bot or onboarding) skip the wait: keep join roles free of write permissions, or hand them out after verification.
- **Highest** keeps out members without a phone number; use it during an attack, not permanently, unless your community accepts that.
- The level applies to new messages only; it does not remove members who already joined.`,
  },
  {
    id: 'member-screening',
    checkId: 'MEMBER_SCREENING',
    category: 'Moderation & verification',
    title: 'Make newcomers accept the rules before they talk',
    description: 'Rules screening holds every new member until they read and accept your rules.',
    content: `## Steps
1. If your server is not a Community server yet: **Server Settings** → **Enable Community** → **Get Started**. The wizard asks for a verified email requirement, the media filter for all members, a rules channel and a community updates channel.
2. Make sure a rules channel is set: **Server Settings** → **Community** → **Overview** → **Rules or Guidelines Channel**.
3. Open **Server Settings** → **Safety Setup** (or **Onboarding** → **Safety Check**) and turn on the setting that makes members accept the rules before they can talk or DM (Rules Screening).
4. Write or paste your rules (short, numbered) and save.
5. Optionally set up **Onboarding** and the **Welcome Screen** so newcomers land in the right channels.
6. Join with a test account and check that it sees the rules prompt and cannot post before accepting. Run a new audit.

## Done when
- The server is a Community server with a rules channel, and rules screening is on.
- A new account must accept the rules before it can post, react or DM members through the server.

## Pitfalls
- Giving new members a role on join (auto-role bots) bypasses rules screening; hand roles out after acceptance.
- A bot-based verification gate and rules screening can conflict; if you keep the bot, make sure @everyone can still read the channels the gate needs.
- Enabling Community also changes some defaults (announcement channels, discovery options); read each step of the wizard.`,
  },
];
