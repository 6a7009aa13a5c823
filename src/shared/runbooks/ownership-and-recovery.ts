import type { RunbookEntry } from './runbook.js';

export const OWNERSHIP_AND_RECOVERY_RUNBOOKS: readonly RunbookEntry[] = [
  {
    id: 'csu-owner-verification',
    checkId: 'CSU_OWNER_VERIFICATION',
    category: 'Ownership & recovery',
    title: 'Turn the owner account into a cold super user',
    description:
      'Protect the one account that can never be removed: strong 2FA, offline backup codes, its own email, and a written recovery plan.',
    content: `## Steps
1. Sign in to Discord **as the server owner** (the crown next to the name in the member list).
2. Open **User Settings** (the gear next to your name) → **My Account** → **Password and Authentication**.
3. Choose **Enable Authenticator App** and scan the QR code with an authenticator app, or register a hardware key under **Security Keys**. A security key resists phishing best.
4. Still under **Password and Authentication**, open **View Backup Codes**, print or write them down, and store them offline (a safe, not a notes app or a photo).
5. If an SMS backup is enabled there, remove it: a SIM swap would bypass your authenticator.
6. Under **My Account** → **Email**, change the address to one used for this account only, itself protected with 2FA.
7. Open **User Settings** → **Devices** and log out every device you do not recognise; keep the owner signed in only on one dedicated, up-to-date device.
8. Use this account only to administer the server. Chat, click links and accept friend requests from a separate everyday account with a staff role.
9. Write a one-page recovery plan: where the backup codes are, who may act if the owner is unavailable, and how ownership would be handed over (**Server Settings** → **Members** → the member's **⋯** menu → **Transfer Ownership**).
10. In Rampart, sign in with the owner's Discord account and run a new audit: Discord then confirms 2FA to us directly. Otherwise submit the six-item attestation on this check.

## Done when
- The owner account shows 2FA enabled, with an authenticator app or a security key and no SMS backup.
- Backup codes exist on paper or offline media, and at least one other trusted person knows where.
- The owner account is signed in on one device only and is not used for everyday chat.
- A dated recovery plan is written down, and the audit shows this check as passed.

## Pitfalls
- Never scan a QR code to "verify" or "claim a reward": QR-code login phishing is the most common way owner accounts are taken.
- Do not share the owner account between people; give trusted staff their own accounts and roles instead.
- Losing both the authenticator and the backup codes can lock the owner out for good; test a backup code once right after saving them (each code works once).
- "Require 2FA for moderation" (Safety Setup) can only be turned on by an owner who has 2FA, so do this first.`,
  },
  {
    id: 'backup-strategy-verification',
    checkId: 'BACKUP_STRATEGY_VERIFICATION',
    category: 'Ownership & recovery',
    title: 'Back up the server structure and test a restore',
    description:
      'Keep a current copy of channels, roles and permissions off Discord, and prove you can rebuild the server from it.',
    content: `## Steps
1. Open **Server Settings** → **Server Template** (needs **Manage Server**). Give the template a name and description and choose **Generate Template**.
2. Copy the template link and store it, with the date, outside Discord (a password manager or your team's document store). Keep the link private: it reveals every channel and role name.
3. After every structural change (new channels, roles or permission changes), come back to **Server Template** and choose **Sync Template**; a template shows when it has unsynced changes.
4. Templates copy channels, roles, permissions and default settings, but no messages, members, bots or webhooks. Keep a separate list of the bots you use (with their invite links), your webhooks' purposes, your AutoMod rules and your onboarding questions.
5. If you use a backup bot, give it only the permissions its backup needs and export its backups off-platform too.
6. Write a restore runbook: who restores, from which template or export, which bots to re-invite, and how members are told where the new server is.
7. Test it: open the template link (it starts a "create a server" flow), create a scratch server, compare its roles and channel permissions with the live server, then delete the scratch server. Record the date of the test.
8. Submit the evidence on this check: the template or export date, where it is stored, the restore runbook and the date of the last restore test.

## Done when
- A template (or export) synced after the last structural change is stored outside Discord with its date.
- A written restore runbook names the people and the steps.
- A restore into a scratch server has been tested, and its date is recorded in the evidence.

## Pitfalls
- A template is not synced automatically: a stale template restores last year's permissions.
- A template link lets anyone copy your structure: do not post it in the server.
- Backup bots that ask for **Administrator** are themselves a nuke risk; prefer a template plus your own notes.
- Messages cannot be restored from a template; announcement archives need their own export if they matter.`,
  },
];
