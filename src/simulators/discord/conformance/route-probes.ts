import { GUILD_FIXTURES, RAMPART_BOT } from '../fixtures/index.js';
import { ALL_PERMISSIONS } from '../permissions.js';
import type { SimulatorState } from '../state.js';
import { TEST_APP } from '../test-support.js';
import type { ResponseContract } from './validate.js';

/**
 * Every API route of the simulator with requests that make it give each answer it can give. Guild routes
 * are asked about every guild of the fixture registry twice: as the fixture stands (the bot may be absent
 * or under-privileged) and with the bot invited as administrator, so that every guild's data is served.
 */

export interface Probe {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  contract: ResponseContract;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  /** A JSON body (webhook executions). */
  json?: unknown;
  /** Known up front for the error probes; fixture probes accept whatever the fixture leads to. */
  expectedStatus?: number;
  prepare?: (state: SimulatorState) => void;
}

export interface ProbeContext {
  /** Bearer tokens of each demo account (scopes `identify guilds email`), by account id. */
  bearer: ReadonlyMap<string, string>;
  /** Fresh authorization codes for the token endpoint, one per call. */
  nextCode: () => Promise<string>;
  /** A refresh token that has not been used yet. */
  nextRefreshToken: () => Promise<string>;
}

export interface RouteUnderTest {
  /** As Fastify knows it: `METHOD /pattern`. */
  route: string;
  /** Statuses the probes must have produced between them. */
  statuses: number[];
  probes(context: ProbeContext): Promise<Probe[]>;
}

export const BOT = { authorization: `Bot ${TEST_APP.botToken}` };
export const UNKNOWN_GUILD_ID = '1299999999999999999';
const UNKNOWN_USER_ID = '1199999999999999999';
export const CLIENT_BASIC = `Basic ${Buffer.from(`${TEST_APP.clientId}:${TEST_APP.clientSecret}`).toString('base64')}`;
export const WRONG_CLIENT_BASIC = `Basic ${Buffer.from(`${TEST_APP.clientId}:wrong-secret`).toString('base64')}`;

export const published = (method: string, path: string): ResponseContract => ({ kind: 'published', method, path });

export function bearer(context: ProbeContext, accountId: string): Record<string, string> {
  const token = context.bearer.get(accountId);
  if (token === undefined) throw new Error(`no bearer token for ${accountId}`);
  return { authorization: `Bearer ${token}` };
}

/** A route-scoped 429 and a global 429 for the same request (rate-limit patterns drop the `/api/v10` base). */
export function rateLimited(probe: Omit<Probe, 'label' | 'prepare' | 'expectedStatus'>): Probe[] {
  const apiPath = probe.url.split('?')[0]?.replace(/^\/api(\/v10)?/, '') ?? '';
  return [
    {
      ...probe,
      label: 'rate limited (route bucket)',
      expectedStatus: 429,
      prepare: (state) => state.forceRateLimit(`${probe.method} ${apiPath}`, 1, 1.5),
    },
    {
      ...probe,
      label: 'rate limited (global)',
      expectedStatus: 429,
      prepare: (state) => state.forceRateLimit(`${probe.method} ${apiPath}`, 1, 0.25, { global: true }),
    },
  ];
}

function inviteAsAdministrator(guildId: string, ownerId: string): (state: SimulatorState) => void {
  return (state) => state.addBotToGuild(guildId, ALL_PERMISSIONS, ownerId);
}

interface GuildRouteOptions {
  suffix: string;
  specSuffix?: string;
  /** Extra path/query variants per guild, e.g. member ids or `with_counts`. */
  variants?: (guild: (typeof GUILD_FIXTURES)[number]) => Array<{ label: string; tail: string }>;
  invalidQuery?: string;
}

function guildRoute({ suffix, specSuffix = suffix, variants, invalidQuery }: GuildRouteOptions): RouteUnderTest {
  const pattern = `/api/v10/guilds/:guildId${suffix.replace('{user_id}', ':userId')}`;
  const contract = published('get', `/guilds/{guild_id}${specSuffix}`);
  const at = (guildId: string, tail = '') => `/api/v10/guilds/${guildId}${suffix.replace('/{user_id}', '')}${tail}`;
  const firstGuild = GUILD_FIXTURES[0];
  if (!firstGuild) throw new Error('the fixture registry is empty');
  const defaultTail = suffix.includes('{user_id}') ? `/${firstGuild.ownerId}` : '';
  return {
    route: `GET ${pattern}`,
    statuses: [200, 400, 401, 403, 404, 429],
    probes: async () => {
      const probes: Probe[] = [];
      for (const guild of GUILD_FIXTURES) {
        const tails = variants?.(guild) ?? [{ label: '', tail: '' }];
        for (const { label, tail } of tails) {
          probes.push({
            label: `${guild.name}${label}, as the fixture stands`,
            method: 'GET',
            url: at(guild.id, tail),
            contract,
            headers: BOT,
          });
        }
        tails.forEach(({ label, tail }, index) => {
          probes.push({
            label: `${guild.name}${label}, bot invited as administrator`,
            method: 'GET',
            url: at(guild.id, tail),
            contract,
            headers: BOT,
            ...(index === 0 ? { prepare: inviteAsAdministrator(guild.id, guild.ownerId) } : {}),
          });
        });
      }
      probes.push(
        { label: 'no credential', method: 'GET', url: at(firstGuild.id, defaultTail), contract, expectedStatus: 401 },
        {
          label: 'wrong bot token',
          method: 'GET',
          url: at(firstGuild.id, defaultTail),
          contract,
          headers: { authorization: 'Bot wrong' },
          expectedStatus: 401,
        },
        {
          label: 'unknown guild',
          method: 'GET',
          url: at(UNKNOWN_GUILD_ID, defaultTail),
          contract,
          headers: BOT,
          expectedStatus: 404,
        },
        {
          label: 'guild id not a snowflake',
          method: 'GET',
          url: at('not-a-snowflake', defaultTail),
          contract,
          headers: BOT,
          expectedStatus: 400,
        },
        ...rateLimited({ method: 'GET', url: at(firstGuild.id, defaultTail), contract, headers: BOT }),
      );
      if (invalidQuery !== undefined) {
        probes.push({
          label: `invalid query ${invalidQuery}`,
          method: 'GET',
          url: at(firstGuild.id, invalidQuery),
          contract,
          headers: BOT,
          expectedStatus: 400,
        });
      }
      return probes;
    },
  };
}

export const GUILD_ROUTES: RouteUnderTest[] = [
  guildRoute({
    suffix: '',
    variants: () => [
      { label: '', tail: '' },
      { label: ' with counts', tail: '?with_counts=true' },
    ],
  }),
  guildRoute({ suffix: '/channels' }),
  guildRoute({ suffix: '/roles' }),
  guildRoute({ suffix: '/roles/member-counts' }),
  guildRoute({
    suffix: '/members',
    variants: () => [{ label: '', tail: '?limit=1000' }],
    invalidQuery: '?after=someone',
  }),
  guildRoute({
    suffix: '/members/{user_id}',
    variants: (guild) => [
      { label: ' (owner)', tail: `/${guild.ownerId}` },
      { label: ' (the audit bot)', tail: `/${RAMPART_BOT.id}` },
      { label: ' (not a member)', tail: `/${UNKNOWN_USER_ID}` },
    ],
  }),
  guildRoute({ suffix: '/auto-moderation/rules' }),
  guildRoute({ suffix: '/integrations' }),
  guildRoute({ suffix: '/webhooks' }),
  guildRoute({
    suffix: '/audit-logs',
    variants: () => [
      { label: '', tail: '' },
      { label: ' (100 entries)', tail: '?limit=100' },
    ],
    invalidQuery: '?limit=0',
  }),
  guildRoute({ suffix: '/welcome-screen' }),
  guildRoute({ suffix: '/onboarding' }),
];
