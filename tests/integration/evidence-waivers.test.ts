import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { recomputeSummary } from '../../src/audit/scoring.js';
import type { CreateThreadResponse } from '../../src/shared/contracts/evidence.js';
import { DEFAULT_WAIVER_DAYS } from '../../src/shared/evidence-rules.js';
import {
  api,
  evidenceWorld,
  notificationsOf,
  ordinaryCheck,
  runAudit,
  storedStatistics,
  type EvidenceWorld,
} from '../helpers/evidence.js';

/** A waiver granted by approved evidence applies to the server's later audits until it expires. */

let w: EvidenceWorld;
let call: ReturnType<typeof api>;

const ordinary = (index: number) => ordinaryCheck(w, index);
const WAIVE_REASON = 'Verification bot in place of Discord screening';
beforeAll(async () => {
  w = await evidenceWorld();
  call = api(w.t);
  const response = await call.submit(w.c.olivia, {
    auditId: w.audit.id,
    checkId: ordinary(1).checkId,
    content: 'We use a verification bot.',
  });
  const { thread } = response.json<z.infer<typeof CreateThreadResponse>>();
  const decided = await call.decide(w.c.ada, thread.id, { decision: 'APPROVED', waiveReason: WAIVE_REASON });
  if (decided.statusCode !== 200) throw new Error(`decision answered ${decided.statusCode}: ${decided.body}`);
});
afterAll(async () => w?.t.close());

describe('waivers across audits', () => {
  const waivedCheck = () => ordinary(1);
  const sweepNotices = async (title: string, user = w.ids.olivia) =>
    (await notificationsOf(w.t, user, 'SYSTEM_UPDATE')).filter(
      (notice) => notice.title === title && notice.message.includes(waivedCheck().checkName),
    );

  it('a later audit of the server stores the check WAIVED while the waiver lives, and counts it as passed', async () => {
    const next = await runAudit(w.t, w.c.ada, w.pixelPlaza);
    expect(next.id).not.toBe(w.audit.id);
    const check = next.checkResults.find((result) => result.checkId === waivedCheck().checkId);
    expect(check).toMatchObject({
      status: 'WAIVED',
      engineStatus: 'FAIL',
      waiveReason: WAIVE_REASON,
      evidence: waivedCheck().evidence,
    });
    expect(Date.parse(check?.waiverExpiresAt ?? '')).toBeGreaterThan(
      w.clock.now().getTime() + (DEFAULT_WAIVER_DAYS - 1) * 86_400_000,
    );
    expect(next.checkResults.find((result) => result.checkId === ordinary(2).checkId)?.status).toBe('FAIL');
    expect(recomputeSummary(next.checkResults)).toEqual(storedStatistics(next));
  });

  it('warns the owner side once, a week before expiry, pointing at the latest audit', async () => {
    w.clock.advanceDays(DEFAULT_WAIVER_DAYS - 6);
    await Promise.all([w.t.app.waiverSweep.runOnce(), w.t.app.waiverSweep.runOnce()]);
    await w.t.app.waiverSweep.runOnce();
    const warned = await sweepNotices('Waiver expiring soon');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.message).toContain(waivedCheck().checkName);
    const latest = (await call.get(w.c.olivia, `/api/servers/${w.pixelPlaza}/audits`)).json<{ id: string }[]>()[0];
    expect(warned[0]?.actionUrl).toBe(`/audits/${latest?.id}`);
    expect(await sweepNotices('Waiver expiring soon', w.ids.mona)).toHaveLength(1);
    expect(await sweepNotices('Waiver expired')).toEqual([]);
  });

  it('tells once when it has expired, and a later audit no longer applies it', async () => {
    w.clock.advanceDays(7);
    await Promise.all([w.t.app.waiverSweep.runOnce(), w.t.app.waiverSweep.runOnce()]);
    await w.t.app.waiverSweep.runOnce();
    expect(await sweepNotices('Waiver expired')).toHaveLength(1);
    expect(await sweepNotices('Waiver expiring soon')).toHaveLength(1);

    const after = await runAudit(w.t, w.c.ada, w.pixelPlaza);
    expect(after.checkResults.find((result) => result.checkId === waivedCheck().checkId)).toMatchObject({
      status: 'FAIL',
      engineStatus: 'FAIL',
      waiveReason: null,
      waiverExpiresAt: null,
    });
  });
});
