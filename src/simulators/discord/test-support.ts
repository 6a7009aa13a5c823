import { startDiscordSimulator } from './standalone.js';
import type { RunningDiscordSimulator, StandaloneSimulatorOptions } from './standalone.js';

/** Helpers for the simulator's own tests: drive it over real HTTP, as the product and a browser would. */

export const TEST_APP = {
  clientId: '1300000000000000001',
  clientSecret: 'test-client-secret',
  botToken: 'test-bot-token',
  redirectUris: ['http://rampart.test/api/auth/discord/callback'],
} as const;
export const REDIRECT_URI = TEST_APP.redirectUris[0];

export function startTestSimulator(extra: Partial<StandaloneSimulatorOptions> = {}): Promise<RunningDiscordSimulator> {
  return startDiscordSimulator({ ...TEST_APP, redirectUris: [...TEST_APP.redirectUris], ...extra });
}

export function authorizeUrl(base: string, params: Record<string, string>): string {
  const url = new URL(`${base}/oauth2/authorize`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

export function signInParams(extra: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    client_id: TEST_APP.clientId,
    scope: 'identify guilds',
    state: 'state-123',
    redirect_uri: REDIRECT_URI,
    ...extra,
  };
}

export interface ParsedForm {
  action: string;
  hidden: Record<string, string>;
  radios: Array<{ value: string; label: string; checked: boolean }>;
  buttons: Array<{ name: string; value: string; text: string }>;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

function decode(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Reads the consent form the way a browser would see it. */
export function parseConsentForm(html: string): ParsedForm {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in page: ${html.slice(0, 200)}`);
  const body = form[2] ?? '';
  const hidden: Record<string, string> = {};
  const radios: ParsedForm['radios'] = [];
  for (const match of body.matchAll(/<input\b[^>]*>/gi)) {
    const tag = match[0];
    const type = attribute(tag, 'type');
    const name = attribute(tag, 'name') ?? '';
    const value = decode(attribute(tag, 'value') ?? '');
    if (type === 'hidden') hidden[name] = value;
    if (type === 'radio') {
      const id = attribute(tag, 'id') ?? '';
      const label = new RegExp(`<label for="${id}">([^<]*)</label>`).exec(body)?.[1] ?? '';
      radios.push({ value, label: decode(label), checked: /\bchecked\b/.test(tag) });
    }
  }
  const buttons = [...body.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/gi)].map((match) => ({
    name: attribute(match[1] ?? '', 'name') ?? '',
    value: attribute(match[1] ?? '', 'value') ?? '',
    text: (match[2] ?? '').trim(),
  }));
  return { action: decode(form[1] ?? ''), hidden, radios, buttons };
}

/** Loads the consent page, picks `accountId`, presses the button labelled `button`; returns the raw response. */
export async function submitConsentPage(
  pageUrl: string,
  button: 'Authorize' | 'Cancel',
  accountId?: string,
): Promise<Response> {
  const page = await fetch(pageUrl);
  const form = parseConsentForm(await page.text());
  const fields = new URLSearchParams(form.hidden);
  const chosen = accountId ?? form.radios.find((radio) => radio.checked)?.value;
  if (chosen !== undefined) fields.set('account_id', chosen);
  const pressed = form.buttons.find((candidate) => candidate.text === button);
  if (!pressed) throw new Error(`no ${button} button`);
  fields.set(pressed.name, pressed.value);
  return fetch(new URL(form.action, pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
}

/** Signs `accountId` in and returns the authorization code from the redirect. */
export async function obtainCode(base: string, accountId: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await submitConsentPage(authorizeUrl(base, signInParams(extra)), 'Authorize', accountId);
  const location = new URL(response.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location.toString()}`);
  return code;
}

export function basicAuth(id: string = TEST_APP.clientId, secret: string = TEST_APP.clientSecret): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

/** A Bearer access token for `accountId`, through the real code flow. */
export async function userAccessToken(base: string, accountId: string): Promise<string> {
  const code = await obtainCode(base, accountId);
  const response = await postForm(
    `${base}/api/oauth2/token`,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
    { authorization: basicAuth() },
  );
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}
