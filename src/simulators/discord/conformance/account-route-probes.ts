import { DEMO_ACCOUNTS, GUILD_FIXTURES, MODMATE_BOT, RAMPART_BOT } from '../fixtures/index.js';
import { TEST_APP } from '../test-support.js';
import type { Probe, ProbeContext, RouteUnderTest } from './route-probes.js';
import {
  BOT,
  bearer,
  CLIENT_BASIC,
  published,
  rateLimited,
  UNKNOWN_GUILD_ID,
  WRONG_CLIENT_BASIC,
} from './route-probes.js';
import type { ResponseContract } from './validate.js';

/** The routes about the caller (`/users/@me…`, `/oauth2/@me`, the application) and the OAuth2 token endpoints. */

const FIRST_ACCOUNT_ID = DEMO_ACCOUNTS[0]?.user.id ?? '';
const ME = published('get', '/users/@me');
const USER = published('get', '/users/{user_id}');

function perAccount(context: ProbeContext, probe: Omit<Probe, 'label' | 'headers'>): Probe[] {
  return DEMO_ACCOUNTS.map((account) => ({
    ...probe,
    label: `as ${account.user.username}`,
    headers: bearer(context, account.user.id),
  }));
}

const usersRoute: RouteUnderTest = {
  route: 'GET /api/v10/users/:userId',
  statuses: [200, 401, 404, 429],
  probes: async (context) => [
    {
      label: '@me as the bot',
      method: 'GET',
      url: '/api/v10/users/@me',
      contract: ME,
      headers: BOT,
      expectedStatus: 200,
    },
    {
      label: '@me percent-encoded',
      method: 'GET',
      url: '/api/v10/users/%40me',
      contract: ME,
      headers: BOT,
      expectedStatus: 200,
    },
    ...perAccount(context, { method: 'GET', url: '/api/v10/users/@me', contract: ME, expectedStatus: 200 }),
    { label: '@me without a credential', method: 'GET', url: '/api/v10/users/@me', contract: ME, expectedStatus: 401 },
    ...GUILD_FIXTURES.map((guild): Probe => ({
      label: `owner of ${guild.name}`,
      method: 'GET',
      url: `/api/v10/users/${guild.ownerId}`,
      contract: USER,
      headers: BOT,
      expectedStatus: 200,
    })),
    {
      label: 'the audit bot',
      method: 'GET',
      url: `/api/v10/users/${RAMPART_BOT.id}`,
      contract: USER,
      headers: BOT,
      expectedStatus: 200,
    },
    {
      label: 'a third-party bot',
      method: 'GET',
      url: `/api/v10/users/${MODMATE_BOT.id}`,
      contract: USER,
      headers: BOT,
      expectedStatus: 200,
    },
    {
      label: 'unknown user',
      method: 'GET',
      url: '/api/v10/users/1199999999999999999',
      contract: USER,
      headers: BOT,
      expectedStatus: 404,
    },
    {
      label: 'another user with a Bearer token',
      method: 'GET',
      url: `/api/v10/users/${RAMPART_BOT.id}`,
      contract: USER,
      headers: bearer(context, FIRST_ACCOUNT_ID),
      expectedStatus: 401,
    },
    ...rateLimited({ method: 'GET', url: '/api/v10/users/@me', contract: ME, headers: BOT }),
  ],
};

const MY_GUILDS = published('get', '/users/@me/guilds');
const myGuildsRoute: RouteUnderTest = {
  route: 'GET /api/v10/users/:userId/guilds',
  statuses: [200, 400, 401, 429],
  probes: async (context) => [
    {
      label: 'as the bot',
      method: 'GET',
      url: '/api/v10/users/@me/guilds',
      contract: MY_GUILDS,
      headers: BOT,
      expectedStatus: 200,
    },
    ...perAccount(context, {
      method: 'GET',
      url: '/api/v10/users/@me/guilds?with_counts=true',
      contract: MY_GUILDS,
      expectedStatus: 200,
    }),
    ...perAccount(context, {
      method: 'GET',
      url: '/api/v10/users/@me/guilds',
      contract: MY_GUILDS,
      expectedStatus: 200,
    }),
    {
      label: 'before is not a snowflake',
      method: 'GET',
      url: '/api/v10/users/@me/guilds?before=soon',
      contract: MY_GUILDS,
      headers: BOT,
      expectedStatus: 400,
    },
    {
      label: 'without a credential',
      method: 'GET',
      url: '/api/v10/users/@me/guilds',
      contract: MY_GUILDS,
      expectedStatus: 401,
    },
    ...rateLimited({ method: 'GET', url: '/api/v10/users/@me/guilds', contract: MY_GUILDS, headers: BOT }),
  ],
};

const LEAVE_GUILD = published('delete', '/users/@me/guilds/{guild_id}');
const leaveGuildRoute: RouteUnderTest = {
  route: 'DELETE /api/v10/users/:userId/guilds/:guildId',
  statuses: [204, 401, 404, 429],
  probes: async (context) => [
    ...rateLimited({
      method: 'DELETE',
      url: `/api/v10/users/@me/guilds/${UNKNOWN_GUILD_ID}`,
      contract: LEAVE_GUILD,
      headers: BOT,
    }),
    {
      label: 'with a Bearer token',
      method: 'DELETE',
      url: `/api/v10/users/@me/guilds/${UNKNOWN_GUILD_ID}`,
      contract: LEAVE_GUILD,
      headers: bearer(context, FIRST_ACCOUNT_ID),
      expectedStatus: 401,
    },
    {
      label: 'unknown guild',
      method: 'DELETE',
      url: `/api/v10/users/@me/guilds/${UNKNOWN_GUILD_ID}`,
      contract: LEAVE_GUILD,
      headers: BOT,
      expectedStatus: 404,
    },
    ...GUILD_FIXTURES.map((guild): Probe => ({
      label: `leaves ${guild.name} if in it`,
      method: 'DELETE',
      url: `/api/v10/users/@me/guilds/${guild.id}`,
      contract: LEAVE_GUILD,
      headers: BOT,
    })),
  ],
};

const AUTHORIZATION = published('get', '/oauth2/@me');
const currentAuthorizationRoute: RouteUnderTest = {
  route: 'GET /api/v10/oauth2/:resource',
  statuses: [200, 401, 429],
  probes: async (context) => [
    ...perAccount(context, { method: 'GET', url: '/api/v10/oauth2/@me', contract: AUTHORIZATION, expectedStatus: 200 }),
    {
      label: 'as the bot',
      method: 'GET',
      url: '/api/v10/oauth2/@me',
      contract: AUTHORIZATION,
      headers: BOT,
      expectedStatus: 401,
    },
    {
      label: 'without a credential',
      method: 'GET',
      url: '/api/v10/oauth2/@me',
      contract: AUTHORIZATION,
      expectedStatus: 401,
    },
    ...rateLimited({
      method: 'GET',
      url: '/api/v10/oauth2/@me',
      contract: AUTHORIZATION,
      headers: bearer(context, FIRST_ACCOUNT_ID),
    }),
  ],
};

function applicationRoute(base: string, path: string): RouteUnderTest {
  const contract = published('get', path);
  return {
    route: `GET /api/v10${base}/:applicationId`,
    statuses: [200, 401, 429],
    probes: async (context) => [
      { label: 'as the bot', method: 'GET', url: `/api/v10${path}`, contract, headers: BOT, expectedStatus: 200 },
      {
        label: 'with a Bearer token',
        method: 'GET',
        url: `/api/v10${path}`,
        contract,
        headers: bearer(context, FIRST_ACCOUNT_ID),
        expectedStatus: 401,
      },
      ...rateLimited({ method: 'GET', url: `/api/v10${path}`, contract, headers: BOT }),
    ],
  };
}

const TOKEN: ResponseContract = { kind: 'oauth-token' };
const REVOKE: ResponseContract = { kind: 'oauth-revoke' };

function tokenRoutes(base: string): RouteUnderTest[] {
  const url = `${base}/oauth2/token`;
  const token: RouteUnderTest = {
    route: `POST ${url}`,
    statuses: [200, 400, 401, 429],
    probes: async (context): Promise<Probe[]> => {
      const redirect = TEST_APP.redirectUris[0];
      const form = (extra: Record<string, string>) => ({
        grant_type: 'authorization_code',
        redirect_uri: redirect,
        ...extra,
      });
      const auth = { authorization: CLIENT_BASIC };
      return [
        {
          label: 'authorization code',
          method: 'POST',
          url,
          contract: TOKEN,
          headers: auth,
          form: form({ code: await context.nextCode() }),
          expectedStatus: 200,
        },
        {
          label: 'refresh token',
          method: 'POST',
          url,
          contract: TOKEN,
          headers: auth,
          form: { grant_type: 'refresh_token', refresh_token: await context.nextRefreshToken() },
          expectedStatus: 200,
        },
        {
          label: 'unknown code',
          method: 'POST',
          url,
          contract: TOKEN,
          headers: auth,
          form: form({ code: 'no-such-code' }),
          expectedStatus: 400,
        },
        {
          label: 'unsupported grant type',
          method: 'POST',
          url,
          contract: TOKEN,
          headers: auth,
          form: { grant_type: 'password' },
          expectedStatus: 400,
        },
        {
          label: 'wrong client secret',
          method: 'POST',
          url,
          contract: TOKEN,
          headers: { authorization: WRONG_CLIENT_BASIC },
          form: form({ code: await context.nextCode() }),
          expectedStatus: 401,
        },
        ...rateLimited({
          method: 'POST',
          url,
          contract: TOKEN,
          headers: auth,
          form: form({ code: await context.nextCode() }),
        }),
      ];
    },
  };
  const revokeUrl = `${url}/revoke`;
  const revoke: RouteUnderTest = {
    route: `POST ${revokeUrl}`,
    statuses: [200, 400, 401, 429],
    probes: async (context) => {
      const auth = { authorization: CLIENT_BASIC };
      const form = { token: await context.nextRefreshToken() };
      return [
        {
          label: 'a refresh token',
          method: 'POST',
          url: revokeUrl,
          contract: REVOKE,
          headers: auth,
          form,
          expectedStatus: 200,
        },
        {
          label: 'no token',
          method: 'POST',
          url: revokeUrl,
          contract: REVOKE,
          headers: auth,
          form: { token_type_hint: 'access_token' },
          expectedStatus: 400,
        },
        {
          label: 'wrong client secret',
          method: 'POST',
          url: revokeUrl,
          contract: REVOKE,
          headers: { authorization: WRONG_CLIENT_BASIC },
          form,
          expectedStatus: 401,
        },
        ...rateLimited({ method: 'POST', url: revokeUrl, contract: REVOKE, headers: auth, form }),
      ];
    },
  };
  return [token, revoke];
}

const GATEWAY_BOT = published('get', '/gateway/bot');
const gatewayBotRoute: RouteUnderTest = {
  route: 'GET /api/v10/gateway/bot',
  statuses: [200, 401, 429],
  probes: async (context) => [
    {
      label: 'as the bot',
      method: 'GET',
      url: '/api/v10/gateway/bot',
      contract: GATEWAY_BOT,
      headers: BOT,
      expectedStatus: 200,
    },
    {
      label: 'without a credential',
      method: 'GET',
      url: '/api/v10/gateway/bot',
      contract: GATEWAY_BOT,
      expectedStatus: 401,
    },
    ...perAccount(context, { method: 'GET', url: '/api/v10/gateway/bot', contract: GATEWAY_BOT, expectedStatus: 401 }),
    ...rateLimited({ method: 'GET', url: '/api/v10/gateway/bot', contract: GATEWAY_BOT, headers: BOT }),
  ],
};

export const ACCOUNT_ROUTES: RouteUnderTest[] = [
  gatewayBotRoute,
  usersRoute,
  myGuildsRoute,
  leaveGuildRoute,
  currentAuthorizationRoute,
  applicationRoute('/oauth2/applications', '/oauth2/applications/@me'),
  applicationRoute('/applications', '/applications/@me'),
  ...tokenRoutes('/api'),
  ...tokenRoutes('/api/v10'),
];
