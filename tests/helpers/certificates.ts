import type { LightMyRequestResponse } from 'fastify';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Certificate } from '../../src/shared/contracts/certificates.js';
import { LEAST_PRIVILEGE_AUDIT_BOT } from '../../src/simulators/discord/fixtures/permission-sets.js';
import { GUILDS, grantEntitlement, serverId } from './audits.js';
import { runAudit, testClock, userIdOf } from './evidence.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from './test-app.js';

export interface CertificateWorld {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  /** Eddie owns Citadel Security Lab (the hardened guild) and Study Hall; Olivia owns other servers; Ada is staff. */
  c: { eddie: string; olivia: string; ada: string };
  ids: { eddie: string; olivia: string; ada: string };
  citadel: string;
  studyHall: string;
}

/** The app on a movable clock, with the audit bot invited to Citadel and a plan for Eddie. */
export async function certificateWorld(env: Record<string, string> = {}): Promise<CertificateWorld> {
  const clock = testClock();
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env }, { now: clock.now });
  const c = { eddie: '', olivia: '', ada: '' };
  const ids = { eddie: '', olivia: '', ada: '' };
  for (const name of Object.keys(c) as (keyof typeof c)[]) {
    c[name] = await t.signIn(DEMO[name]);
    ids[name] = await userIdOf(t, DEMO[name]);
  }
  await grantEntitlement(t, DEMO.eddie);
  t.simulator.state.addBotToGuild(GUILDS.hardened, LEAST_PRIVILEGE_AUDIT_BOT, DEMO.eddie);
  return {
    t,
    clock,
    c,
    ids,
    citadel: await serverId(t, c.eddie, GUILDS.hardened),
    studyHall: await serverId(t, c.eddie, GUILDS.studyHall),
  };
}

/** Eddie audits Citadel; the audit is eligible, so a pending certificate rests on it. */
export const auditCitadel = (w: CertificateWorld): Promise<AuditWithChecks> => runAudit(w.t, w.c.eddie, w.citadel);

/** Every certificate route, called as a browser would (same-origin headers on state-changing calls). */
export const certificateApi = (t: TestApp) => ({
  listAll: (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/all-certificates', headers: cookie ? { cookie } : {} }),
  ofServer: (cookie: string | undefined, serverId: string) =>
    t.app.inject({ method: 'GET', url: `/api/certificates/${serverId}`, headers: cookie ? { cookie } : {} }),
  update: (cookie: string | undefined, id: string, status: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/certificates/${id}`,
      headers: sameOrigin(cookie),
      payload: { status },
    }),
  reject: (cookie: string | undefined, id: string, reason: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${id}/reject`,
      headers: sameOrigin(cookie),
      payload: { reason },
    }),
  download: (cookie: string | undefined, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/certificates/${id}/download`, headers: cookie ? { cookie } : {} }),
  verify: (certificateId: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/public/certificates/${certificateId}`, remoteAddress }),
  badge: (certificateId: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/badge/${certificateId}.svg`, remoteAddress }),
});

/** The certificate resting on an audit, as staff's list shows it. */
export async function certificateOfAudit(w: CertificateWorld, auditId: string): Promise<Certificate> {
  const response = await certificateApi(w.t).listAll(w.c.ada);
  const found = response.json<Certificate[]>().find((certificate) => certificate.auditId === auditId);
  if (found === undefined) throw new Error(`no certificate rests on audit ${auditId}`);
  return found;
}

export const certificateIn = (response: LightMyRequestResponse) => response.json<Certificate>();
