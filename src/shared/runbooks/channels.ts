import type { RunbookEntry } from './runbook.js';

export const CHANNEL_RUNBOOKS: readonly RunbookEntry[] = [
  {
    id: 'channel-hardening',
    checkId: 'CHANNEL_HARDENING',
    category: 'Channels',
    title: 'Fix risky channel overwrites',
    description:
      'No channel lets @everyone or a role most members hold manage it, and nobody but staff posts in rules and announcements.',
    content: `## Steps
1. Take the list of channels from this check's evidence. For each one, hover the channel and click the gear (**Edit Channel**) → **Permissions** → **Advanced permissions**.
2. Select **@everyone**, then each role that most members hold. Set these to the neutral "/" or the red "✗": **Manage Channel**, **Manage Permissions**, **Manage Webhooks**, **Manage Messages**, **Manage Threads** and **Mention @everyone, @here, and All Roles**. Save.
3. Open your rules channel and every announcement channel: set **Send Messages** to "✗" for @everyone, and allow it only for the staff roles that post there.
4. Replace overwrites for single members (people listed by name under **Roles/Members**) with a staff role, then remove the member overwrite.
5. Staff channels: turn on **Private Channel** (or deny **View Channel** to @everyone) and add only the staff roles.
6. If the channel sits in a category, decide whether it should follow the category: **Sync Now** copies the category's permissions over the channel's own.
7. Check your work with **Server Settings** → **Roles** → a member role → **View Server As Role**. Run a new audit.

## Done when
- No channel gives @everyone, or a role held by more than half the members, a manage permission.
- @everyone cannot post in the rules or announcement channels, and staff channels are hidden from @everyone.

## Pitfalls
- A channel overwrite beats the role's server-wide setting: fixing @everyone in **Roles** is not enough.
- Editing a category changes every channel synced to it; edit the category when a whole group has the same problem.
- Bots may have been given channel overwrites years ago; they show as roles or members in the same list.`,
  },
  {
    id: 'external-content',
    checkId: 'EXTERNAL_CONTENT',
    category: 'Channels',
    title: 'Keep links, files and external apps for trusted members',
    description:
      'Brand-new members should not post link previews, files, external stickers, sounds or apps in every public channel.',
    content: `## Steps
1. Create or pick a trusted role that members earn (a verified, levelled or "member" role handed out after onboarding or by your verification bot).
2. Open **Server Settings** → **Roles** → **Default Permissions** (@everyone) and turn off **Embed Links**, **Attach Files**, **Use External Emoji**, **Use External Stickers**, **Use External Sounds** and **Use External Apps**. Save.
3. Turn those permissions on for the trusted role instead, or allow them only in specific channels (**Edit Channel** → **Permissions** → the trusted role or @everyone in a media channel).
4. Look for channel overwrites that still allow them to @everyone in public channels (the evidence lists the channels) and set them back to neutral.
5. Keep the explicit image filter on for all members (see the explicit content filter runbook): link previews and files are how shock content arrives.
6. Run a new audit.

## Done when
- @everyone cannot post link previews, files, external emoji, stickers, sounds or apps in public text channels, except channels you chose.
- The explicit image filter scans every member's uploads.

## Pitfalls
- Without **Embed Links**, links still post but show no preview; that is the point (previews make scam pages look official).
- A role handed to everyone on join undoes this; the trusted role must be earned.
- Some bots post embeds for members; the bot's own role needs **Embed Links**, not @everyone.`,
  },
  {
    id: 'stage-forum-channels',
    checkId: 'STAGE_FORUM_CHANNELS',
    category: 'Channels',
    title: 'Secure stage, forum and media channels',
    description:
      'Only event staff moderate stages, only moderators manage forum posts, and forums have a post slowmode.',
    content: `## Steps
1. For each stage channel in the evidence: **Edit Channel** → **Permissions**, select **@everyone** and set **Manage Channel**, **Mute Members** and **Move Members** to "✗" or neutral. Those three make someone a stage moderator.
2. Give them to an event staff role on the same page instead. Save.
3. For each forum and media channel: **Edit Channel** → **Permissions**, select **@everyone** and set **Manage Threads** (in a forum, the permission to lock, close and delete other people's posts) to "✗" or neutral. Save.
4. On the forum's **Overview**, set **Slowmode** (for a forum it limits how often one member can create a post), for example 10 minutes on a help forum. Save.
5. Under the forum's **Tags**, mark official tags so only moderators can apply them, and consider **Require people to tag their posts**.
6. Run a new audit.

## Done when
- @everyone holds no stage moderator power and cannot manage forum or media posts.
- Every forum and media channel where @everyone can post has a post slowmode.

## Pitfalls
- The default slowmode for messages *inside* posts is a different setting; the post slowmode is the one on the channel's **Overview**.
- Category permissions flow into synced stage and forum channels: fix the category if the overwrite comes from it.
- Stage moderators can bring anyone on stage during a live event; give the role only for the event's duration if you can.`,
  },
];
