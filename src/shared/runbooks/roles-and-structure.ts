import type { RunbookEntry } from './runbook.js';

/** The role checks about the role list itself: its order and the roles nobody holds. */
export const ROLES_AND_STRUCTURE_RUNBOOKS: readonly RunbookEntry[] = [
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
