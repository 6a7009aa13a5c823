/**
 * HTML of the simulated Discord screens. Plain HTML forms only: no inline script or style, so the pages work
 * under the product's strict CSP (`script-src 'self'; style-src 'self'`); styling comes from CONSENT_CSS,
 * served by the plugin at `oauth2/assets/consent.css` (relative to the authorize URL).
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export const CONSENT_CSS = `
:root { color-scheme: dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #1e1f22; color: #dbdee1; }
.card { width: min(440px, 92vw); background: #313338; border-radius: 8px; padding: 24px; box-shadow: 0 8px 24px #0008; }
.banner { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; color: #f0b232; margin: 0 0 12px; }
h1 { font-size: 20px; margin: 0 0 8px; color: #f2f3f5; }
p, li { line-height: 1.45; }
.muted { color: #949ba4; font-size: 13px; }
fieldset { border: 1px solid #4e5058; border-radius: 6px; margin: 16px 0; padding: 8px 12px; }
legend { padding: 0 4px; }
.account { display: flex; align-items: baseline; gap: 8px; padding: 6px 0; }
.account label { font-weight: 600; }
.error { background: #f23f4233; border: 1px solid #f23f42; border-radius: 6px; padding: 8px 12px; }
.success { background: #23a55a33; border: 1px solid #23a55a; border-radius: 6px; padding: 8px 12px; }
/* Authorize comes first in the markup so Enter submits it; row-reverse still shows Cancel on its left. */
.actions { display: flex; flex-direction: row-reverse; justify-content: flex-start; gap: 8px; margin-top: 16px; }
button { font: inherit; border: 0; border-radius: 4px; padding: 8px 16px; cursor: pointer; background: #5865f2; color: #fff; }
button.secondary { background: transparent; color: #dbdee1; text-decoration: underline; }
button:focus-visible, input:focus-visible { outline: 2px solid #00a8fc; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/consent.css">
</head>
<body>
<main class="card">
<p class="banner">Discord simulator · demo mode</p>
${body}
</main>
</body>
</html>
`;
}

export interface AccountChoice {
  id: string;
  displayName: string;
  username: string;
  /** Shown next to the name, e.g. "Owner" or "Cannot manage this server". */
  note?: string;
}

function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function accountRadios(accounts: readonly AccountChoice[], selectedId: string | undefined): string {
  const selected = selectedId ?? accounts[0]?.id;
  return accounts
    .map((account) => {
      const inputId = `account-${escapeHtml(account.id)}`;
      const checked = account.id === selected ? ' checked' : '';
      const note = account.note === undefined ? '' : ` · ${escapeHtml(account.note)}`;
      // The label holds only the display name, so the radio's accessible name is exactly e.g. "Olivia Owner".
      return (
        `<div class="account"><input type="radio" id="${inputId}" name="account_id" value="${escapeHtml(account.id)}"${checked}>` +
        `<label for="${inputId}">${escapeHtml(account.displayName)}</label>` +
        `<span class="muted">@${escapeHtml(account.username)}${note}</span></div>`
      );
    })
    .join('\n');
}

function consentForm(
  accounts: readonly AccountChoice[],
  hidden: Record<string, string>,
  selectedId: string | undefined,
): string {
  return `<form method="post" action="authorize">
${hiddenInputs(hidden)}
<fieldset>
<legend>Sign in as</legend>
${accountRadios(accounts, selectedId)}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</div>
</form>`;
}

function errorBlock(error: string | undefined): string {
  return error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`;
}

export interface SignInPageInput {
  applicationName: string;
  scopes: readonly string[];
  accounts: readonly AccountChoice[];
  hidden: Record<string, string>;
  selectedId?: string;
  error?: string;
}

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  identify: 'Access your username, avatar and banner',
  email: 'Access your email address',
  guilds: 'Know what servers you are in',
  'guilds.members.read': 'Read your member info in servers',
  connections: 'Access your third-party connections',
};

export function signInPage(input: SignInPageInput): string {
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join('\n');
  return layout(
    `Authorize ${input.applicationName}`,
    `<h1>${escapeHtml(input.applicationName)} wants to access your Discord account</h1>
${errorBlock(input.error)}
<p class="muted">This will allow the developer of ${escapeHtml(input.applicationName)} to:</p>
<ul>
${scopes}
</ul>
${consentForm(input.accounts, input.hidden, input.selectedId)}`,
  );
}

export interface BotInvitePageInput {
  botName: string;
  guildName: string;
  permissionNames: readonly string[];
  accounts: readonly AccountChoice[];
  hidden: Record<string, string>;
  selectedId?: string;
  error?: string;
}

export function botInvitePage(input: BotInvitePageInput): string {
  const title = `Add ${input.botName} Bot to ${input.guildName}`;
  const permissions =
    input.permissionNames.length === 0
      ? '<li>No permissions</li>'
      : input.permissionNames.map((name) => `<li>${escapeHtml(name)}</li>`).join('\n');
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
${errorBlock(input.error)}
<p class="muted">Only the server owner or members with the Manage Server permission can add bots.</p>
<p>The bot's role will be granted:</p>
<ul>
${permissions}
</ul>
${consentForm(input.accounts, input.hidden, input.selectedId)}`,
  );
}

/** A page with a heading and one message: errors, "Cancelled", "Bot added to …". */
export function messagePage(title: string, message: string, kind: 'error' | 'success' | 'info'): string {
  const className = kind === 'info' ? 'muted' : kind;
  const role = kind === 'error' ? ' role="alert"' : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="${className}"${role}>${escapeHtml(message)}</p>`);
}
