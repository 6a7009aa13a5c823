import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.js';
import { evidenceFiles, notifications } from '../../src/server/db/schema-evidence.js';
import type { Audit, AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import type { EvidenceFileMediaType, NotificationType } from '../../src/shared/evidence-rules.js';
import { manualChecklistFor } from '../../src/shared/evidence-rules.js';
import { GUILDS, serverId, startAudit, waitForAudit } from './audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from './test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the app grants and expires waivers by, moved by tests instead of waiting. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceDays(days: number) {
      offsetMs += days * DAY_MS;
    },
  };
}

export interface EvidenceWorld {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  /** Olivia owns Pixel Plaza, Mona manages it, Eddie owns other servers, Ada is staff. */
  c: { olivia: string; mona: string; eddie: string; ada: string };
  ids: { olivia: string; mona: string; eddie: string; ada: string };
  pixelPlaza: string;
  audit: AuditWithChecks;
  /** Failed checks without the manual evidence card. */
  ordinary: StoredCheckResult[];
}

/** The app with a movable clock and a completed audit of Pixel Plaza (run by staff: Olivia has no plan). */
export async function evidenceWorld(): Promise<EvidenceWorld> {
  const clock = testClock();
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { now: clock.now });
  const c = { olivia: '', mona: '', eddie: '', ada: '' };
  const ids = { olivia: '', mona: '', eddie: '', ada: '' };
  for (const name of Object.keys(c) as (keyof typeof c)[]) {
    c[name] = await t.signIn(DEMO[name]);
    ids[name] = await userIdOf(t, DEMO[name]);
  }
  const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  const audit = await runAudit(t, c.ada, pixelPlaza);
  const ordinary = audit.checkResults.filter(
    (check) =>
      check.status === 'FAIL' && !check.requiresManualEvidence && manualChecklistFor(check.checkId) === undefined,
  );
  return { t, clock, c, ids, pixelPlaza, audit, ordinary };
}

export async function runAudit(t: TestApp, cookie: string, server: string): Promise<AuditWithChecks> {
  const started = await startAudit(t, cookie, server);
  if (started.statusCode !== 201) throw new Error(`audit start answered ${started.statusCode}: ${started.body}`);
  return waitForAudit(t, cookie, started.json<Audit>().id);
}

export async function userIdOf(t: Pick<TestApp, 'database'>, discordId: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.discordId, discordId));
  if (user === undefined) throw new Error(`no user ${discordId}: sign in first`);
  return user.id;
}

/** An uploaded file, stored as the upload route stores it (tests of attaching need no multipart). */
export async function storedFile(
  t: TestApp,
  uploaderId: string,
  mediaType: EvidenceFileMediaType = 'image/png',
): Promise<string> {
  const content = randomBytes(32);
  const [row] = await t.database.db
    .insert(evidenceFiles)
    .values({
      uploadedByUserId: uploaderId,
      fileName: mediaType === 'application/pdf' ? 'policy.pdf' : 'settings.png',
      mediaType,
      size: content.length,
      sha256: 'test',
      content,
    })
    .returning({ id: evidenceFiles.id });
  if (row === undefined) throw new Error('file insert returned no row');
  return row.id;
}

export function notificationsOf(t: TestApp, userId: string, type: NotificationType) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

/** Pixel Plaza's `index`th failed check without the manual evidence card. */
export function ordinaryCheck(w: EvidenceWorld, index: number): StoredCheckResult {
  const check = w.ordinary[index];
  if (check === undefined) throw new Error(`Pixel Plaza should fail at least ${index + 1} ordinary checks`);
  return check;
}

/** A submission of evidence on `check` of the world's audit; `extra` adds or replaces fields. */
export const evidenceFor = (w: EvidenceWorld, check: StoredCheckResult, extra: object = {}) => ({
  auditId: w.audit.id,
  checkId: check.checkId,
  content: 'We screen members with a verification bot instead.',
  ...extra,
});

/** The audit's numbers as stored, to set against the engine's formula over its checks. */
export const storedStatistics = (audit: AuditWithChecks) => ({
  riskScore: audit.riskScore,
  totalChecks: audit.totalChecks,
  passedChecks: audit.passedChecks,
  failedChecks: audit.failedChecks,
  unknownChecks: audit.unknownChecks,
  criticalIssues: audit.criticalIssues,
  highIssues: audit.highIssues,
  mediumIssues: audit.mediumIssues,
  lowIssues: audit.lowIssues,
});

export const api = (t: TestApp) => ({
  submit: (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/evidence/threads', headers: sameOrigin(cookie), payload }),
  post: (cookie: string | undefined, threadId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/evidence/threads/${threadId}/messages`,
      headers: sameOrigin(cookie),
      payload,
    }),
  decide: (cookie: string | undefined, threadId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/evidence/threads/${threadId}/decision`,
      headers: sameOrigin(cookie),
      payload,
    }),
  get: (cookie: string | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } }),
});
