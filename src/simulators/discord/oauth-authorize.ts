import type { FastifyInstance, FastifyReply } from 'fastify';
import { AUTHORIZE_PARAMS, hiddenFields, scopesOf, sendHtml } from './authorize-params.js';
import type { AuthorizeParams } from './authorize-params.js';
import type { SimulatorContext } from './context.js';
import { queryValue } from './query.js';
import { DEMO_ACCOUNTS, SIMULATED_APPLICATION } from './fixtures/index.js';
import { formFields } from './form-body.js';
import { renderBotInvite, submitBotInvite } from './oauth-bot-invite.js';
import type { AccountChoice } from './pages.js';
import { CONSENT_CSS, messagePage, signInPage } from './pages.js';

const KNOWN_SCOPES = new Set([
  'identify',
  'email',
  'guilds',
  'guilds.join',
  'guilds.members.read',
  'connections',
  'bot',
  'applications.commands',
  'openid',
]);
const REMEMBER_COOKIE = 'sim_discord_account';

function demoAccountChoices(): AccountChoice[] {
  return DEMO_ACCOUNTS.map((account) => ({
    id: account.user.id,
    displayName: account.user.global_name ?? account.user.username,
    username: account.user.username,
  }));
}

type SignInCheck =
  | { ok: true; redirectUri: string; scopes: string[] }
  | { ok: false; page: { status: number; message: string } }
  | { ok: false; redirect: string };

function redirectWith(redirectUri: string, fields: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Validates a sign-in request. Client and redirect URI problems are shown on a page and never redirected
 * (RFC 6749 §4.1.2.1: the redirect URI itself cannot be trusted); other problems go back as `?error=`.
 */
function checkSignIn(params: AuthorizeParams, context: SimulatorContext): SignInCheck {
  if (params.client_id !== context.app.clientId) {
    return {
      ok: false,
      page: { status: 400, message: 'Unknown application: client_id is missing or not registered.' },
    };
  }
  const registered = context.app.redirectUris;
  const redirectUri = params.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined);
  if (redirectUri === undefined || !registered.includes(redirectUri)) {
    return {
      ok: false,
      page: { status: 400, message: 'Invalid OAuth2 redirect_uri: it must exactly match a registered redirect URI.' },
    };
  }
  const fail = (error: string, description: string): SignInCheck => ({
    ok: false,
    redirect: redirectWith(redirectUri, { error, error_description: description, state: params.state }),
  });
  if (params.response_type !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const scopes = scopesOf(params);
  if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope)))
    return fail('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  if (params.code_challenge !== undefined && params.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256.');
  }
  return { ok: true, redirectUri, scopes };
}

function rememberedAccount(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === REMEMBER_COOKIE && value !== undefined && DEMO_ACCOUNTS.some((account) => account.user.id === value))
      return value;
  }
  return undefined;
}

function approve(
  reply: FastifyReply,
  context: SimulatorContext,
  params: AuthorizeParams,
  check: { redirectUri: string; scopes: string[] },
  userId: string,
): FastifyReply {
  const code = context.state.oauth.issueCode({
    clientId: context.app.clientId,
    userId,
    redirectUri: check.redirectUri,
    scopes: check.scopes,
    codeChallenge: params.code_challenge,
  });
  // Lets a later `prompt=none` skip the screen, as Discord does for an app the user already authorized.
  reply.header('set-cookie', `${REMEMBER_COOKIE}=${userId}; Path=${context.prefix}/oauth2; HttpOnly; SameSite=Lax`);
  return reply.redirect(redirectWith(check.redirectUri, { code, state: params.state }), 302);
}

function renderSignIn(
  reply: FastifyReply,
  context: SimulatorContext,
  params: AuthorizeParams,
  cookieHeader: string | undefined,
): FastifyReply {
  const check = checkSignIn(params, context);
  if (!check.ok) {
    return 'redirect' in check
      ? reply.redirect(check.redirect, 302)
      : sendHtml(reply, check.page.status, messagePage('Invalid OAuth2 request', check.page.message, 'error'));
  }
  const remembered = rememberedAccount(cookieHeader);
  if (params.prompt === 'none' && remembered !== undefined) return approve(reply, context, params, check, remembered);
  return sendHtml(
    reply,
    200,
    signInPage({
      applicationName: SIMULATED_APPLICATION.name,
      scopes: check.scopes,
      accounts: demoAccountChoices(),
      hidden: hiddenFields(params),
    }),
  );
}

function submitSignIn(
  reply: FastifyReply,
  context: SimulatorContext,
  params: AuthorizeParams,
  fields: Record<string, string>,
): FastifyReply {
  const check = checkSignIn(params, context);
  if (!check.ok) {
    return 'redirect' in check
      ? reply.redirect(check.redirect, 302)
      : sendHtml(reply, check.page.status, messagePage('Invalid OAuth2 request', check.page.message, 'error'));
  }
  if (fields.decision === 'cancel') {
    return reply.redirect(
      redirectWith(check.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: params.state,
      }),
      302,
    );
  }
  const accountId = fields.account_id;
  if (accountId === undefined || !DEMO_ACCOUNTS.some((account) => account.user.id === accountId)) {
    const page = signInPage({
      applicationName: SIMULATED_APPLICATION.name,
      scopes: check.scopes,
      accounts: demoAccountChoices(),
      hidden: hiddenFields(params),
      error: 'Choose an account to sign in with.',
    });
    return sendHtml(reply, 400, page);
  }
  return approve(reply, context, params, check, accountId);
}

function pickParams(source: (name: string) => string | undefined): AuthorizeParams {
  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = source(name);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

export function registerAuthorizeRoutes(instance: FastifyInstance, context: SimulatorContext): void {
  instance.get('/oauth2/assets/consent.css', async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CONSENT_CSS),
  );

  instance.get('/oauth2/authorize', async (request, reply) => {
    const params = pickParams((name) => queryValue(request, name));
    if (scopesOf(params).includes('bot')) return renderBotInvite(reply, context, params);
    return renderSignIn(reply, context, params, request.headers.cookie);
  });

  instance.post('/oauth2/authorize', async (request, reply) => {
    const fields = formFields(request);
    const params = pickParams((name) => fields[name]);
    if (scopesOf(params).includes('bot')) return submitBotInvite(reply, context, params, fields);
    return submitSignIn(reply, context, params, fields);
  });
}
