import type { APIAuditLog } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_GUILD, BUSY_GUILD_ID, LEAST_PRIVILEGE_AUDIT_BOT, TYPICAL_GUILD_ID } from './fixtures/index.js';
import type { RunningDiscordSimulator } from './standalone.js';
import { startTestSimulator, TEST_APP } from './test-support.js';

const BOT = { authorization: `Bot ${TEST_APP.botToken}` };

let sim: RunningDiscordSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
  // The busy guild starts without our bot, as a new customer's would.
  sim.state.addBotToGuild(BUSY_GUILD_ID, LEAST_PRIVILEGE_AUDIT_BOT, BUSY_GUILD.ownerId);
});
afterAll(async () => {
  await sim.close();
});

async function auditLog(guildId: string, query: string): Promise<Response> {
  return fetch(`${sim.url}/api/v10/guilds/${guildId}/audit-logs${query}`, { headers: BOT });
}

async function entries(guildId: string, query: string): Promise<APIAuditLog['audit_log_entries']> {
  const response = await auditLog(guildId, query);
  expect(response.status).toBe(200);
  return ((await response.json()) as APIAuditLog).audit_log_entries;
}

const ids = (list: APIAuditLog['audit_log_entries']) => list.map((entry) => entry.id);

describe('GET /guilds/{id}/audit-logs filters', () => {
  it('keeps only the actions of user_id, newest first', async () => {
    const all = await entries(TYPICAL_GUILD_ID, '?limit=100');
    const actor = all.find((entry) => entry.user_id !== null)?.user_id ?? '';
    const mine = await entries(TYPICAL_GUILD_ID, `?user_id=${actor}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.user_id === actor)).toBe(true);
    expect(ids(mine)).toEqual(ids(all.filter((entry) => entry.user_id === actor)));
    expect(await entries(TYPICAL_GUILD_ID, '?user_id=1999999999999999999')).toEqual([]);
  });

  it('keeps only a published action_type', async () => {
    const bots = await entries(TYPICAL_GUILD_ID, '?action_type=28');
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.every((entry) => entry.action_type === 28)).toBe(true);
  });

  it.each(['0', '9', '999', '-1'])(
    'refuses the unpublished action_type %s with 400 Invalid Form Body',
    async (value) => {
      const response = await auditLog(TYPICAL_GUILD_ID, `?action_type=${value}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          action_type: {
            _errors: [{ code: 'ENUM_TYPE_COERCE', message: `Value "${value}" is not a valid enum value.` }],
          },
        },
      });
    },
  );

  it('refuses a non-integer action_type and a limit outside 1–100', async () => {
    for (const query of ['?action_type=ban', '?limit=0', '?limit=101', '?limit=x', '?user_id=abc', '?before=abc']) {
      const response = await auditLog(TYPICAL_GUILD_ID, query);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    }
  });

  it('pages with before (newest first) and after (oldest first), honouring limit', async () => {
    const all = await entries(TYPICAL_GUILD_ID, '?limit=100');
    expect(all.length).toBeGreaterThan(3);
    const [first, second, third] = all;
    expect(ids(await entries(TYPICAL_GUILD_ID, `?before=${first?.id ?? ''}&limit=2`))).toEqual([second?.id, third?.id]);
    const oldest = all.at(-1);
    const afterOldest = await entries(TYPICAL_GUILD_ID, `?after=${oldest?.id ?? ''}&limit=2`);
    expect(ids(afterOldest)).toEqual(ids(all.slice(-3, -1).reverse()));
    expect(await entries(TYPICAL_GUILD_ID, '?limit=1')).toHaveLength(1);
  });

  it('pages a log longer than 500 entries back to an old entry that only a user_id query finds at once', async () => {
    let before = '';
    let total = 0;
    for (let page = 0; page < 5; page += 1) {
      const list = await entries(BUSY_GUILD_ID, `?limit=100${before ? `&before=${before}` : ''}`);
      expect(list).toHaveLength(100);
      expect(list.some((entry) => entry.user_id === BUSY_GUILD.archivistBotId)).toBe(false);
      total += list.length;
      before = list.at(-1)?.id ?? '';
    }
    expect(total).toBe(500);
    const archivist = await entries(BUSY_GUILD_ID, `?user_id=${BUSY_GUILD.archivistBotId}&limit=1`);
    expect(archivist).toHaveLength(1);
    expect(archivist[0]?.action_type).toBe(111);
  });

  it('describes the threads its entries name, archived ones included', async () => {
    const response = await auditLog(BUSY_GUILD_ID, '?action_type=111');
    const log = (await response.json()) as APIAuditLog;
    expect(log.threads.map((thread) => thread.id)).toEqual([BUSY_GUILD.threadIds[2]]);
    expect(log.threads[0]).toMatchObject({ type: 11, thread_metadata: { archived: true } });
    const created = (await (await auditLog(BUSY_GUILD_ID, '?action_type=110')).json()) as APIAuditLog;
    expect(created.threads[0]).toMatchObject({ id: BUSY_GUILD.threadIds[0], thread_metadata: { archived: false } });
  });
});
