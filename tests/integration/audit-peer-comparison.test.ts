import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, checkResults, servers } from '../../src/server/db/schema.js';
import type { CheckStatus } from '../../src/shared/audit-contract.js';
import type { PeerComparison } from '../../src/shared/contracts/audit-insights.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { memberCountBand } from '../../src/shared/monitoring-rules.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { testClock } from '../helpers/evidence.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBJECT_SCORE = 50;

let t: TestApp;
const clock = testClock();
let eddie = '';
let olivia = '';
let subject: AuditWithChecks;
let memberCount = 0;
/** Everything that names a seeded server: none of it may appear in an answer. */
const seededNames: string[] = [];

interface PeerCheck {
  status: CheckStatus;
  engineStatus: Exclude<CheckStatus, 'WAIVED'>;
  overrideKind?: 'self_attested' | 'staff';
}

interface PeerAudit {
  riskScore: number;
  daysAgo: number;
  verification?: PeerCheck;
}

async function seedPeer(members: number, peerAudits: readonly PeerAudit[]): Promise<void> {
  const discordId = `19${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e8)).padStart(8, '0')}`;
  const name = `Peer server ${discordId}`;
  const [server] = await t.database.db.insert(servers).values({ discordId, name, memberCount: members }).returning();
  if (server === undefined) throw new Error('no server inserted');
  seededNames.push(server.id, discordId, name);
  for (const peer of peerAudits) {
    const completedAt = new Date(clock.now().getTime() - peer.daysAgo * DAY_MS);
    const [audit] = await t.database.db
      .insert(audits)
      .values({
        serverId: server.id,
        status: 'completed',
        riskScore: peer.riskScore,
        completedAt,
        createdAt: completedAt,
      })
      .returning();
    if (audit === undefined) throw new Error('no audit inserted');
    seededNames.push(audit.id);
    const check = peer.verification ?? { status: 'PASS', engineStatus: 'PASS' };
    await t.database.db.insert(checkResults).values({
      auditId: audit.id,
      position: 0,
      checkId: 'VERIFICATION_LEVEL',
      checkName: 'Verification Level',
      category: 'Moderation & verification',
      severity: 'MEDIUM',
      status: check.status,
      engineStatus: check.engineStatus,
      overrideKind: check.overrideKind ?? null,
      remediation: '',
      whyThisMatters: '',
      evidenceGuidance: '',
      requiresManualEvidence: false,
      references: [],
      evidence: {},
    });
  }
}

const comparisonOf = (auditId: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/audits/${auditId}/peer-comparison`,
    headers: cookie === undefined ? {} : { cookie },
  });

const PASS: PeerCheck = { status: 'PASS', engineStatus: 'PASS' };
const FAIL: PeerCheck = { status: 'FAIL', engineStatus: 'FAIL' };

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  [eddie, olivia] = [await t.signIn(DEMO.eddie), await t.signIn(DEMO.olivia)];
  await grantEntitlement(t, DEMO.eddie);
  const started = await startAudit(t, eddie, await serverId(t, eddie, GUILDS.studyHall));
  subject = await waitForAudit(t, eddie, started.json<Audit>().id);
  await t.database.db.update(audits).set({ riskScore: SUBJECT_SCORE }).where(eq(audits.id, subject.id));
  const [server] = await t.database.db.select().from(servers).where(eq(servers.id, subject.serverId));
  memberCount = server?.memberCount ?? 0;
  const otherBand = memberCountBand(memberCount).id === 'xl' ? 50 : 500_000;

  // Nine peers of the band: below, equal and above the subject's 50.
  await seedPeer(memberCount, [{ riskScore: 20, daysAgo: 3, verification: FAIL }]);
  await seedPeer(memberCount, [{ riskScore: 40, daysAgo: 10, verification: FAIL }]);
  // Its older audit scored above the subject; only its latest (below) counts.
  await seedPeer(memberCount, [
    { riskScore: 90, daysAgo: 60, verification: PASS },
    {
      riskScore: 45,
      daysAgo: 5,
      verification: { status: 'PASS', engineStatus: 'FAIL', overrideKind: 'self_attested' },
    },
  ]);
  await seedPeer(memberCount, [{ riskScore: SUBJECT_SCORE, daysAgo: 1 }]);
  await seedPeer(memberCount, [
    {
      riskScore: SUBJECT_SCORE,
      daysAgo: 2,
      verification: { status: 'WAIVED', engineStatus: 'FAIL', overrideKind: 'staff' },
    },
  ]);
  await seedPeer(memberCount, [{ riskScore: 70, daysAgo: 20 }]);
  await seedPeer(memberCount, [{ riskScore: 80, daysAgo: 30 }]);
  await seedPeer(memberCount, [{ riskScore: 95, daysAgo: 45 }]);
  await seedPeer(memberCount, [{ riskScore: 99, daysAgo: 89 }]);
  // Never peers: another band, and a server whose latest audit is older than 90 days.
  await seedPeer(otherBand, [{ riskScore: 10, daysAgo: 1 }]);
  await seedPeer(memberCount, [{ riskScore: 10, daysAgo: 91 }]);
}, 60_000);
afterAll(async () => t?.close());

function expectNothingNamed(body: string): void {
  for (const name of seededNames) expect(body).not.toContain(name);
}

describe('GET /api/audits/{id}/peer-comparison', () => {
  it('shows nothing with nine peers: the server itself, another band and a stale audit do not count', async () => {
    const response = await comparisonOf(subject.id, eddie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ minimumPeers: 10, peers: null });
  });

  it('shows the percentile and each check’s pass share once ten peers qualify, naming none of them', async () => {
    await seedPeer(memberCount, [{ riskScore: 100, daysAgo: 0 }]);
    const response = await comparisonOf(subject.id, eddie);
    expect(response.statusCode).toBe(200);
    const comparison = response.json<PeerComparison>();
    // Below 50: 20, 40, 45 (3); equal: 2; so (3 + 2 / 2) / 10 = 40 %.
    // Passing Verification Level of record: 7 of 10 (a self-attested pass does not count, a staff waiver does).
    expect(comparison).toEqual({
      minimumPeers: 10,
      peers: {
        band: memberCountBand(memberCount).label,
        peerCount: 10,
        percentile: 40,
        checks: [{ checkId: 'VERIFICATION_LEVEL', passShare: 70 }],
      },
    });
    expectNothingNamed(response.body);
  });

  it('drops a peer whose latest audit leaves the 90-day window as the clock moves on', async () => {
    clock.advanceDays(2);
    const response = await comparisonOf(subject.id, eddie);
    expect(response.json()).toEqual({ minimumPeers: 10, peers: null });
    clock.advanceDays(-2);
  });

  it('answers staff, and another owner 404 and a visitor 401 without naming anything', async () => {
    const staff = await comparisonOf(subject.id, await t.signIn(DEMO.ada));
    expect(staff.statusCode).toBe(200);
    expect(staff.json<PeerComparison>().peers?.peerCount).toBe(10);
    const other = await comparisonOf(subject.id, olivia);
    expect(other.statusCode).toBe(404);
    expectNothingNamed(other.body);
    expect((await comparisonOf(subject.id)).statusCode).toBe(401);
    expect((await comparisonOf('not-an-id', eddie)).statusCode).toBe(400);
  });

  it('answers 409 for an audit that has not completed', async () => {
    const [running] = await t.database.db
      .insert(audits)
      .values({ serverId: subject.serverId, status: 'running' })
      .returning();
    try {
      const response = await comparisonOf(running?.id ?? '', eddie);
      expect(response.statusCode).toBe(409);
    } finally {
      await t.database.db.delete(audits).where(eq(audits.id, running?.id ?? ''));
    }
  });
});
