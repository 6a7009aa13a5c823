import type { RunbookEntry } from './runbook.js';

export const ROLES_AND_PERMISSIONS_RUNBOOKS: readonly RunbookEntry[] = [
  {
    id: 'moderator-permissions',
    checkId: 'MODERATOR_PERMISSIONS',
    category: 'Roles & permissions',
    title: 'Give moderators only the powers they need',
    description:
      'Moderator roles keep kick, ban, timeout and message removal, and lose everything that could take over the server.',
    content: `## Steps
1. Open **Server Settings** → **Roles** and open each moderator role (any role with **Kick, Approve, and Reject Members**, **Ban Members**, **Timeout Members** or **Manage Messages**).
2. On the **Permissions** tab keep **Kick, Approve, and Reject Members**, **Ban Members**, **Timeout Members** and **Manage Messages** (and **Manage Threads** if they moderate threads).
3. Turn off **Manage Server**, **Manage Roles** and **Manage Webhooks** on that role, and **Administrator** if it is on. Choose **Save Changes**.
4. Open the role's **Manage Members** tab and remove people who no longer moderate.
5. Keep the number of moderators to what you need: at most 5, or 2% of your members on large servers.
6. Check the channels too: open **Edit Channel** → **Permissions** on busy channels and make sure no overwrite gives a moderator role **Manage Channel**, **Manage Permissions** or **Manage Webhooks**.
7. Run a new audit.

## Done when
- No moderator role has **Manage Server**, **Manage Roles**, **Manage Webhooks** or **Administrator**.
- The moderator count is within the limit, and every holder is an active moderator.

## Pitfalls
- Server management tasks (roles, webhooks, settings) belong to a small admin role, not to every moderator.
- A moderator who also holds another role with those permissions still has them: permissions add up across roles.
- Give moderators 2FA before turning on "Require 2FA for moderation", or they lose their moderation powers until they do.`,
  },
  {
    id: 'audit-log-access',
    checkId: 'AUDIT_LOG_ACCESS',
    category: 'Roles & permissions',
    title: 'Keep the audit log for the people who investigate',
    description: 'Only administrators and moderators should read the audit log, and no more than ten people in total.',
    content: `## Steps
1. Open **Server Settings** → **Roles** → **Default Permissions** (@everyone) and turn off **View Audit Log**. Save.
2. Open every other role in the list. On the **Permissions** tab, turn off **View Audit Log** unless the role moderates (kick, ban, timeout or manage messages) or administers. Save each role.
3. Count the people who can read the log: the members of every role that kept **View Audit Log**, plus every holder of **Administrator** (it includes every permission). Use each role's **Manage Members** tab.
4. Bring the total to 10 or fewer, by removing the permission from a large role or removing people from it.
5. Run a new audit.

## Done when
- @everyone does not have **View Audit Log**.
- Only moderator and administrator roles have it, and at most 10 members can read the log.

## Pitfalls
- **Administrator** holders can always read the log; fewer administrators also means fewer readers.
- A "helper" or "trial mod" role often gets the permission by copy-paste: check them one by one.
- The log shows who holds which role and which webhooks exist; treat it as sensitive even among staff.`,
  },
  {
    id: 'everyone-permissions',
    checkId: 'EVERYONE_PERMISSIONS',
    category: 'Roles & permissions',
    title: 'Strip management powers from @everyone',
    description: 'The role every member holds must carry no management or moderation permission at all.',
    content: `## Steps
1. Open **Server Settings** → **Roles** and choose **Default Permissions** (@everyone, "applies to all server members").
2. On the **Permissions** tab turn off: **Administrator**, **Manage Server**, **Manage Roles**, **Manage Channels**, **Manage Webhooks**, **Kick, Approve, and Reject Members** and **Ban Members**.
3. Also turn off: **Mention @everyone, @here, and All Roles**, **Manage Messages**, **Manage Threads**, **Timeout Members**, **Manage Expressions**, **Manage Nicknames**, **View Audit Log**, and **Create Events** / **Manage Events**.
4. Choose **Save Changes**.
5. Give those powers to dedicated staff roles instead (see the moderator and privileged permission runbooks).
6. Check channel overwrites as well: the channel permissions runbook covers @everyone overwrites per channel.
7. Run a new audit.

## Done when
- @everyone holds none of the permissions above.
- Members can still read, write and speak where you intend (test with **View Server As Role** on a member role).

## Pitfalls
- Servers created from some templates or by bots give @everyone extra powers; check even a new server.
- Turning off a permission on @everyone does not remove it where a channel overwrite allows it to @everyone; fix those too.
- Do not fix a broken bot by giving @everyone more permissions: give the bot's own role what it needs.`,
  },
  {
    id: 'privileged-permissions',
    checkId: 'PRIVILEGED_PERMISSIONS',
    category: 'Roles & permissions',
    title: 'Keep Administrator to three accounts at most',
    description:
      'Every Administrator is a full takeover waiting for one phishing link: keep at most three, owner and bots included.',
    content: `## Steps
1. Open **Server Settings** → **Roles**. For each role, open the **Permissions** tab and note the ones with **Administrator** or other management powers (Manage Server, Manage Roles, Manage Channels, Manage Webhooks, Ban, Kick, Timeout, Manage Messages, Manage Threads, Manage Nicknames, Manage Expressions, Manage Events, View Audit Log, Mention @everyone).
2. Keep **Administrator** on one admin role only. Turn it off on every other role and save.
3. Open the admin role's **Manage Members** tab and reduce it so that the owner, the admin role's members and any bot with Administrator are 3 or fewer in total.
4. Move day-to-day work to narrower roles: a moderator role, an events role, a role manager with **Manage Roles** for the roles it must assign.
5. Check self-service roles: in **Server Settings** → **Onboarding** → the customization questions, and in any reaction-role or button-role bot, make sure no role members can pick for themselves has a privileged permission.
6. Run a new audit.

## Done when
- At most 3 accounts hold Administrator, counting the owner and bots.
- No role offered in onboarding or a self-role menu carries a privileged permission.

## Pitfalls
- Bots count: a bot with Administrator is an administrator whose password is its token (see the bot administrator runbook).
- "Temporary" Administrator grants for an event are rarely taken back; use a narrower role with an end date instead.
- A role that is mentionable or displayed separately is often a public self-role; check it even if its name looks harmless.`,
  },
  {
    id: 'role-hierarchy',
    checkId: 'ROLE_HIERARCHY',
    category: 'Roles & permissions',
    title: 'Put your human administrators at the top of the role list',
    description:
      'No bot or role manager may sit above the people who run the server, or it can strip their roles and take over.',
    content: `## Steps
1. Open **Server Settings** → **Roles**. The list runs from the highest role at the top to the lowest.
2. Drag your human administrator role (for example "Cold Admin") to the top of the list.
3. Below it, order the rest: senior staff, then moderators, then bot roles, then member roles. Drag with the handle on the left of each role.
4. Bot roles (named after the bot, with a bot tag) belong below the human administrators. Drag them down; you can move any role that is below your own highest role.
5. For each role with **Manage Roles**, check that it sits just above the roles it must assign and below every role it must not touch: it can assign and edit only roles below it.
6. Save, then run a new audit.

## Done when
- The top role (apart from the owner, who is above every role) is a human administrator role.
- No bot role and no role with **Manage Roles** or **Administrator** sits above the human administrator roles.

## Pitfalls
- A bot's own role cannot be deleted while the bot is in the server, but it can be moved down and its permissions edited.
- Some bots (role menus, level roles) need their role above the roles they hand out; place those roles below the bot, and keep privileged roles above it.
- Two roles in the same position are ordered by age; move them apart so the order is what you see.`,
  },
  {
    id: 'inactive-roles',
    checkId: 'INACTIVE_ROLES',
    category: 'Roles & permissions',
    title: 'Delete empty roles, or disarm them',
    description:
      'A role nobody holds but that still carries privileged permissions can be handed out quietly; remove it or strip it.',
    content: `## Steps
1. Open **Server Settings** → **Roles**. The list shows how many members hold each role; sort out the ones with 0.
2. For each empty role, check whether anything still uses it: onboarding questions (**Server Settings** → **Onboarding**), reaction-role or level bots, linked roles, and channel overwrites.
3. If nothing uses it, open the role and choose **Delete Role** (or use the **⋯** menu in the role list), then confirm.
4. If you keep it for later, open its **Permissions** tab and turn off every privileged permission (Administrator, Manage Server, Manage Roles, Manage Channels, Manage Webhooks, Ban, Kick, Timeout, Manage Messages and the other management powers). Save.
5. Run a new audit.

## Done when
- No role without members carries a privileged permission.
- Remaining empty roles are kept on purpose and are harmless.

## Pitfalls
- Bot roles and integration roles are managed by Discord and are left out of this check; remove the integration instead of the role.
- A role handed out by onboarding or a bot may be empty only until the next member joins: check what it grants before it is used.
- Deleting a role removes its channel overwrites too; note them first if the role had a purpose.`,
  },
];
