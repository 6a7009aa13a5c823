import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { EvidenceFile } from '../../src/shared/contracts/evidence.js';
import { type Endpoint, pathOf } from '../../src/shared/contracts/endpoint.js';
import { ENDPOINTS, type EndpointName } from '../../src/shared/contracts/endpoints.js';
import bs58 from 'bs58';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  startEthereumSimulator,
  startPriceSimulator,
  startSolanaSimulator,
} from '../../src/simulators/chains/standalone.js';
import { notifications } from '../../src/server/db/schema-evidence.js';
import { audits } from '../../src/server/db/schema.js';
import { certificates } from '../../src/server/db/schema-staff.js';
import { newCertificateId, validityFrom } from '../../src/server/modules/certificates/lifecycle.js';
import { CHECKLIST_VERSION } from '../../src/shared/certificate-rules.js';
import { serviceEngagements } from '../../src/server/db/schema-commerce.js';
import { recordNotifications } from '../../src/server/modules/notifications/notify.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { userIdOf } from '../helpers/evidence.js';
import { submitConsent } from '../helpers/consent-form.js';
import { SAMPLE, uploadRequest } from '../helpers/multipart.js';
import { nowPaymentsEnv, startTestNowPayments } from '../helpers/nowpayments.js';
import { SIMULATED_NOWPAYMENTS_ACCOUNT } from '../../src/server/config-nowpayments.js';
import type { CheckoutResponse } from '../../src/shared/contracts/payments.js';
import type { RunningNowPaymentsSimulator } from '../../src/simulators/nowpayments/standalone.js';
import { ipnSignature } from '../../src/simulators/nowpayments/signature.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';
import { DEMO_WEBHOOK_URL } from '../helpers/monitoring.js';
import Stripe from 'stripe';
import { createOrder, fulfilOrder } from '../../src/server/modules/orders/fulfilment.js';
import { type RunningStripeSimulator, startStripeSimulator } from '../../src/simulators/stripe/standalone.js';
import { stripeEvent, TEST_STRIPE } from '../helpers/stripe.js';

/**
 * Every declared endpoint × every kind of caller, checked against the outcome its declaration implies:
 * a visitor gets 401 from a signed-in endpoint, another owner 404 from an endpoint about someone's
 * object, a non-admin 403 from a staff endpoint, and the owner and staff the success status.
 */

const CALLERS = ['visitor', 'owner', 'otherOwner', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** Eddie owns Study Hall and has a plan; Olivia owns other servers; Ada is staff. */
const ACCOUNT = { owner: DEMO.eddie, otherOwner: DEMO.olivia, admin: DEMO.ada } as const;
/** A visitor who goes through sign-in does it as the owner. */
const accountOf = (caller: Caller) => (caller === 'visitor' ? DEMO.eddie : ACCOUNT[caller]);

/** Whose object the endpoint acts on: another owner is refused someone's object but served their own. */
type Subject = 'someones-object' | 'the-caller';

interface World {
  t: TestApp;
  cookie(caller: Caller): string | undefined;
  /** A session of its own, for a request that ends the one it is sent with. */
  freshCookie(caller: Caller): Promise<string | undefined>;
  studyHall: string;
  audit: AuditWithChecks;
  /** A failed check of the owner's audit that no other caller touches, so overrides never collide. */
  checkOf(caller: Caller): string;
  /** Evidence the owner submitted on other failed checks of that audit (issue 9). */
  evidence: EvidenceFixtures;
}

interface EvidenceFixtures {
  /** A failed check the callers submit evidence on. */
  submitCheckId: string;
  /** A thread the callers reply in. */
  threadId: string;
  /** A thread and an evidence record staff decide (each once). */
  decideThreadId: string;
  decideEvidenceId: string;
  evidenceId: string;
  /** The caller's own staff reply to answer, or the owner's for a caller who has none. */
  notificationOf(caller: Caller): string;
}

interface ServedRow {
  subject: Subject;
  request(world: World, caller: Caller): InjectOptions | Promise<InjectOptions>;
  /** What a success must show besides its status, where the status alone could hide a failure. */
  verify?(response: LightMyRequestResponse): void;
  /** Staff only, though the owner side may read the object: the owner gets 403, not success. */
  staffOnly?: boolean;
  /** Waits until what the request started is over, so the next caller finds the same state. */
  settle?(world: World, caller: Caller, response: LightMyRequestResponse): Promise<void>;
  /** Declared for a client that never calls it: every caller, staff included, is refused with this status. */
  refusedToAll?: number;
}
interface NotServedRow {
  notServedYet: string;
}

function call(
  declared: Endpoint,
  cookie: string | undefined,
  input: { params?: Record<string, string>; query?: string; body?: object } = {},
): InjectOptions {
  const stateChanging = declared.method !== 'GET';
  return {
    method: declared.method,
    url: `${pathOf(declared.path, input.params)}${input.query ?? ''}`,
    headers: stateChanging ? sameOrigin(cookie) : cookie === undefined ? {} : { cookie },
    ...(input.body === undefined ? {} : { payload: input.body }),
  };
}

function byName(name: EndpointName): Endpoint {
  const declared = ENDPOINTS.find((candidate) => candidate.name === name);
  if (declared === undefined) throw new Error(`no declaration named ${name}`);
  return declared;
}

/** A request that needs nothing but the caller's session. */
const plain = (name: EndpointName): ServedRow => ({
  subject: 'the-caller',
  request: (world, caller) => call(byName(name), world.cookie(caller)),
});

const onAudit = (name: EndpointName): ServedRow => ({
  subject: 'someones-object',
  request: (world, caller) => call(byName(name), world.cookie(caller), { params: { id: world.audit.id } }),
});

const onServer = (name: EndpointName): ServedRow => ({
  subject: 'someones-object',
  request: (world, caller) => call(byName(name), world.cookie(caller), { params: { id: world.studyHall } }),
});

const REASON = 'Members are screened by a verified bot at the door.';
const MATRIX_METRICS_TOKEN = 'matrix-metrics-token-0123456789';

/** A coupon of its own for each request, created by staff. */
async function newCouponOf(world: World): Promise<{ id: string; fullCode: string }> {
  const response = await world.t.app.inject(call(byName('createCoupon'), world.cookie('admin'), { body: {} }));
  if (response.statusCode !== 201) throw new Error(`coupon creation answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string; fullCode: string }>();
}

/** Redeems a new coupon on the owner's server; the audit it starts is waited for. */
const redeemOnServer = (name: 'redeemCoupon' | 'redeemPaywallCoupon'): ServedRow => ({
  subject: 'someones-object',
  request: async (world, caller) =>
    call(byName(name), world.cookie(caller), {
      body: { couponCode: (await newCouponOf(world)).fullCode, serverId: world.studyHall },
    }),
  settle: async (world, caller, response) => {
    const cookie = world.cookie(caller);
    const { auditId } = response.json<{ auditId?: string | null }>();
    if (response.statusCode === 200 && typeof auditId === 'string' && cookie !== undefined) {
      await waitForAudit(world.t, cookie, auditId);
    }
  },
});

const onNewCoupon = (name: 'revokeCoupon' | 'deleteCoupon'): ServedRow => ({
  subject: 'someones-object',
  request: async (world, caller) =>
    call(byName(name), world.cookie(caller), { params: { id: (await newCouponOf(world)).id } }),
});

const onThread = (name: EndpointName, id: (evidence: EvidenceFixtures) => string, body?: object): ServedRow => ({
  subject: 'someones-object',
  request: (world, caller) =>
    call(byName(name), world.cookie(caller), {
      params: { id: id(world.evidence) },
      ...(body === undefined ? {} : { body }),
    }),
});

const MATRIX = {
  getLiveness: plain('getLiveness'),
  getReadiness: plain('getReadiness'),
  getMetrics: {
    subject: 'the-caller',
    // The scraper's token decides, whoever's cookies come along (tests/integration/metrics.test.ts refuses the rest).
    request: (world, caller) => {
      const request = call(byName('getMetrics'), world.cookie(caller));
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${MATRIX_METRICS_TOKEN}` } };
    },
    verify: (response) => expect(response.body).toContain('rampart_http_requests_total'),
  },
  getPublicConfig: plain('getPublicConfig'),
  getOpenApiDocument: plain('getOpenApiDocument'),
  getApiReference: plain('getApiReference'),
  getApiReferenceAsset: {
    subject: 'the-caller',
    request: (world, caller) =>
      call(byName('getApiReferenceAsset'), world.cookie(caller), { params: { file: 'swagger-ui.css' } }),
  },
  getPopupScript: plain('getPopupScript'),
  startSignIn: plain('startSignIn'),
  completeSignIn: {
    subject: 'the-caller',
    request: async (world, caller) => {
      const { authorizeUrl, stateCookie } = await world.t.startSignIn();
      const consent = await submitConsent(authorizeUrl, { accountId: accountOf(caller), button: 'Authorize' });
      const callback = new URL(consent.headers.get('location') ?? '', authorizeUrl);
      // Signing in ends the session the browser had, so the caller sends one of its own.
      const session = await world.freshCookie(caller);
      const cookie = [stateCookie, session].filter((part) => part !== undefined).join('; ');
      return call(byName('completeSignIn'), cookie, { query: callback.search });
    },
    // A failed sign-in redirects too, to /?error=...; only a completed one lands on the app.
    verify: (response) => expect(response.headers.location).toBe('/'),
  },
  logout: {
    subject: 'the-caller',
    request: async (world, caller) => call(byName('logout'), await world.freshCookie(caller)),
  },
  getCurrentUser: plain('getCurrentUser'),
  listEntitlements: plain('listEntitlements'),
  listServers: plain('listServers'),
  listUserAudits: plain('listUserAudits'),
  listAllServers: plain('listAllServers'),
  createAudit: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('createAudit'), world.cookie(caller), { body: { serverId: world.studyHall } }),
    settle: async (world, caller, response) => {
      const cookie = world.cookie(caller);
      if (response.statusCode === 201 && cookie !== undefined) {
        await waitForAudit(world.t, cookie, response.json<Audit>().id);
      }
    },
  },
  getAudit: onAudit('getAudit'),
  downloadAuditReport: onAudit('downloadAuditReport'),
  getAuditDiff: onAudit('getAuditDiff'),
  exportAudit: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('exportAudit'), world.cookie(caller), { params: { id: world.audit.id }, query: '?format=csv' }),
    verify: (response) => expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/),
  },
  getPeerComparison: onAudit('getPeerComparison'),
  getMonitoring: onServer('getMonitoring'),
  updateMonitoring: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('updateMonitoring'), world.cookie(caller), {
        params: { id: world.studyHall },
        body: { cadence: 'daily' },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ cadence: 'daily' }),
  },
  sendTestAlert: {
    subject: 'someones-object',
    request: async (world, caller) => {
      const owner = { params: { id: world.studyHall }, body: { webhookUrl: DEMO_WEBHOOK_URL } };
      await world.t.app.inject(call(byName('updateMonitoring'), world.cookie('owner'), owner));
      return call(byName('sendTestAlert'), world.cookie(caller), { params: { id: world.studyHall } });
    },
  },
  listDriftAlerts: onServer('listDriftAlerts'),
  setStaffMonitoring: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('setStaffMonitoring'), world.cookie(caller), {
        params: { id: world.studyHall },
        body: { staffEnabled: true },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ eligibility: { staff: true } }),
  },
  listServerAudits: onServer('listServerAudits'),
  getAuditUsage: onServer('getAuditUsage'),
  updateCheck: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('updateCheck'), world.cookie(caller), {
        params: { checkId: world.checkOf(caller) },
        body: { status: 'WAIVED', waiveReason: REASON },
      }),
  },
  redeemCoupon: redeemOnServer('redeemCoupon'),
  redeemPaywallCoupon: redeemOnServer('redeemPaywallCoupon'),
  bypassPaywall: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('bypassPaywall'), world.cookie(caller), {
        body: { code: world.t.config.bypass.demoCode ?? '', username: 'admin', serverId: world.studyHall },
      }),
  },
  adminBypass: { ...plain('adminBypass'), refusedToAll: 403 },
  listCoupons: plain('listCoupons'),
  createCoupon: {
    subject: 'the-caller',
    request: (world, caller) => call(byName('createCoupon'), world.cookie(caller), { body: {} }),
    verify: (response) => expect(response.json()).toMatchObject({ fullCode: expect.stringMatching(/^AUDIT-/) }),
  },
  revokeCoupon: onNewCoupon('revokeCoupon'),
  deleteCoupon: onNewCoupon('deleteCoupon'),
  createStripeCheckout: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('createStripeCheckout'), world.cookie(caller), { body: { plan: 'DIY', serverId: world.studyHall } }),
    verify: (response) => expect(response.json<{ url: string }>().url).toContain('/c/pay/cs_test_'),
  },
  createCryptoInvoice: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('createCryptoInvoice'), world.cookie(caller), { body: { plan: 'DIY', serverId: world.studyHall } }),
    verify: (response) => expect(response.json<CheckoutResponse>().url).toContain('/payment/?iid='),
  },
  receiveStripeWebhook: {
    subject: 'the-caller',
    // Stripe signs it; who else is signed in does not matter.
    request: (_world, caller) => {
      const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_1' }, `evt_matrix_${caller}`));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE.webhookSecret });
      return {
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      };
    },
  },
  receiveNowPaymentsWebhook: {
    subject: 'the-caller',
    // Signed by NOWPayments, whoever's browser happens to carry cookies: every caller is answered alike.
    request: async (world, caller) => {
      const ipn = await signedIpn();
      const request = call(byName('receiveNowPaymentsWebhook'), world.cookie(caller), { body: ipn.body });
      return { ...request, headers: { ...request.headers, 'x-nowpayments-sig': ipn.signature } };
    },
    verify: (response) => expect(response.json()).toEqual({ received: true }),
  },
  listPayments: plain('listPayments'),
  listAdminEntitlements: {
    ...plain('listAdminEntitlements'),
    verify: (response) => expect(response.json<unknown[]>().length).toBeGreaterThan(0),
  },
  listServiceEngagements: plain('listServiceEngagements'),
  updateServiceEngagement: {
    subject: 'the-caller',
    request: async (world, caller) =>
      call(byName('updateServiceEngagement'), world.cookie(caller), {
        params: { id: await newEngagementOf(world) },
        body: { status: 'IN_PROGRESS', engineerNotes: 'Reviewing roles.', completedAt: null },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ status: 'IN_PROGRESS', completedAt: null }),
  },
  downloadPaymentReceipt: {
    subject: 'someones-object',
    // A receipt is the buyer's own: each caller downloads one of theirs; another owner tries the owner's.
    request: async (world, caller) =>
      call(byName('downloadPaymentReceipt'), world.cookie(caller), {
        params: { id: await completedPaymentOf(world, caller === 'otherOwner' ? 'owner' : caller) },
      }),
    verify: (response) => expect(response.headers['content-type']).toBe('application/pdf'),
  },
  listEvidenceThreads: plain('listEvidenceThreads'),
  getEvidenceThread: onThread('getEvidenceThread', (evidence) => evidence.threadId),
  createEvidenceThread: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('createEvidenceThread'), world.cookie(caller), {
        body: { auditId: world.audit.id, checkId: world.evidence.submitCheckId, content: REASON },
      }),
  },
  postEvidenceMessage: onThread('postEvidenceMessage', (evidence) => evidence.threadId, { content: REASON }),
  decideEvidenceThread: {
    ...onThread('decideEvidenceThread', (evidence) => evidence.decideThreadId, { decision: 'REJECTED' }),
    staffOnly: true,
  },
  listAuditEvidence: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('listAuditEvidence'), world.cookie(caller), { params: { auditId: world.audit.id } }),
  },
  listServerEvidence: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('listServerEvidence'), world.cookie(caller), { params: { serverId: world.studyHall } }),
  },
  listUserEvidence: plain('listUserEvidence'),
  listAllEvidence: plain('listAllEvidence'),
  getEvidence: onThread('getEvidence', (evidence) => evidence.evidenceId),
  decideEvidence: {
    ...onThread('decideEvidence', (evidence) => evidence.decideEvidenceId, { decision: 'REJECTED' }),
    staffOnly: true,
  },
  respondToNotification: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('respondToNotification'), world.cookie(caller), {
        params: { id: world.evidence.notificationOf(caller) },
        body: { message: REASON },
      }),
  },
  listNotifications: plain('listNotifications'),
  countUnreadNotifications: plain('countUnreadNotifications'),
  markNotificationRead: {
    subject: 'someones-object',
    // Each caller marks one of their own; another owner tries the owner's.
    request: async (world, caller) =>
      call(byName('markNotificationRead'), world.cookie(caller), {
        params: { id: await notificationOf(world, caller === 'otherOwner' ? 'owner' : caller) },
      }),
  },
  uploadEvidenceFiles: {
    subject: 'the-caller',
    request: (world, caller) => uploadRequest(world.cookie(caller), [{ name: 'note.txt', content: 'Evidence.' }]),
  },
  downloadEvidenceFile: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('downloadEvidenceFile'), world.cookie(caller), { params: { id: await ownersFile(world) } }),
    verify: (response) => expect(response.headers['content-disposition']).toContain('attachment'),
  },
  getCryptoQuote: {
    subject: 'the-caller',
    request: (world, caller) => call(byName('getCryptoQuote'), world.cookie(caller), { params: { usdAmount: '50' } }),
  },
  quotePaywallPlan: {
    subject: 'the-caller',
    request: (world, caller) =>
      call(byName('quotePaywallPlan'), world.cookie(caller), { body: { plan: 'DIY', currency: 'ETH' } }),
  },
  createCryptoSubscription: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('createCryptoSubscription'), world.cookie(caller), {
        body: { currency: 'USDC-SPL', usdAmount: 50, serverId: world.studyHall },
      }),
  },
  listUserCryptoSubscriptions: plain('listUserCryptoSubscriptions'),
  payCryptoSubscription: {
    subject: 'someones-object',
    // Each caller pays their own subscription with a signature the chain has not seen yet (pending, 200);
    // another owner tries the owner's.
    request: async (world, caller) =>
      call(byName('payCryptoSubscription'), world.cookie(caller), {
        params: { id: await subscriptionOf(world, caller === 'otherOwner' ? 'owner' : caller) },
        body: { transactionHash: bs58.encode(randomBytes(64)) },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ verified: false, pending: true }),
  },
  listAllCertificates: plain('listAllCertificates'),
  getServerCertificate: {
    subject: 'someones-object',
    request: (world, caller) =>
      call(byName('getServerCertificate'), world.cookie(caller), { params: { serverId: world.studyHall } }),
  },
  downloadCertificate: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('downloadCertificate'), world.cookie(caller), {
        params: { id: (await certificateOf(world, 'download', 'issued')).id },
      }),
    verify: (response) => expect(response.headers['content-type']).toBe('application/pdf'),
  },
  updateCertificate: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('updateCertificate'), world.cookie(caller), {
        params: { id: (await certificateOf(world, 'approve', 'pending')).id },
        body: { status: 'issued' },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ status: 'issued' }),
  },
  rejectCertificate: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('rejectCertificate'), world.cookie(caller), {
        params: { id: (await certificateOf(world, 'reject', 'pending')).id },
        body: { reason: REASON },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ status: 'rejected', rejectionReason: REASON }),
  },
  verifyCertificate: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('verifyCertificate'), world.cookie(caller), {
        params: { certificateId: (await certificateOf(world, 'download', 'issued')).certificateId },
      }),
    verify: (response) => expect(response.json()).toHaveProperty('serverName'),
  },
  getCertificateBadge: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('getCertificateBadge'), world.cookie(caller), {
        params: { file: `${(await certificateOf(world, 'download', 'issued')).certificateId}.svg` },
      }),
    verify: (response) => expect(response.headers['content-type']).toContain('image/svg+xml'),
  },
  listRunbooks: {
    ...plain('listRunbooks'),
    verify: (response) => {
      expect(response.json()).toHaveLength(20);
      expect(response.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    },
  },
  submitCheckEvidence: {
    subject: 'someones-object',
    request: async (world, caller) => {
      const checkId = world.checkOf(caller);
      // Evidence backs an override, so the owner and staff override their own check first; the visitor and
      // another owner are refused before the check's state matters.
      if (caller === 'owner' || caller === 'admin') {
        const overridden = await world.t.app.inject(
          call(byName('updateCheck'), world.cookie(caller), {
            params: { checkId },
            body: { status: 'WAIVED', waiveReason: REASON },
          }),
        );
        if (overridden.statusCode !== 200) throw new Error(`override answered ${overridden.statusCode}`);
      }
      return call(byName('submitCheckEvidence'), world.cookie(caller), {
        params: { checkId },
        body: { evidence: REASON },
      });
    },
    verify: (response) => expect(response.json()).toMatchObject({ overrideEvidence: REASON }),
  },
  listCsuVerification: {
    ...plain('listCsuVerification'),
    verify: (response) => expect(response.json<unknown[]>().length).toBeGreaterThan(0),
  },
  updateCsuVerification: {
    subject: 'the-caller',
    // A denial leaves the failed checks the other rows work on failed.
    request: (world, caller) =>
      call(byName('updateCsuVerification'), world.cookie(caller), {
        params: { serverId: world.studyHall },
        body: { verified: false, adminNotes: REASON },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ csulVerified: false, adminNotes: REASON }),
  },
  listTestAccounts: plain('listTestAccounts'),
  createTestAccount: {
    subject: 'the-caller',
    request: (world, caller) => call(byName('createTestAccount'), world.cookie(caller), { body: newTestAccountBody() }),
    verify: (response) => expect(response.json()).toMatchObject({ hasPassword: true }),
  },
  deleteTestAccount: {
    subject: 'someones-object',
    request: async (world, caller) =>
      call(byName('deleteTestAccount'), world.cookie(caller), { params: { id: await newTestAccountOf(world) } }),
  },
  listStaffActions: {
    ...plain('listStaffActions'),
    verify: (response) => expect(response.json<unknown[]>().length).toBeGreaterThan(0),
  },
  signInWithTestAccount: {
    subject: 'the-caller',
    // Signing in ends the session the browser had, so the caller sends one of its own.
    request: async (world, caller) =>
      call(byName('signInWithTestAccount'), await world.freshCookie(caller), {
        body: { username: await matrixTestAccountOf(world), password: TEST_ACCOUNT_PASSWORD },
      }),
    verify: (response) => expect(response.json()).toMatchObject({ username: 'matrix-qa' }),
  },
} satisfies Record<EndpointName, ServedRow | NotServedRow>;

const TEST_ACCOUNT_PASSWORD = 'matrix password of a test account';
let testAccountCounter = 0;
const newTestAccountBody = () => {
  testAccountCounter += 1;
  return { username: `matrix-${testAccountCounter}`, password: TEST_ACCOUNT_PASSWORD };
};

/** A test account of its own for each request, created by staff. */
async function newTestAccountOf(world: World): Promise<string> {
  const response = await world.t.app.inject(
    call(byName('createTestAccount'), world.cookie('admin'), { body: newTestAccountBody() }),
  );
  if (response.statusCode !== 201)
    throw new Error(`test account creation answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

let matrixTestAccount: string | undefined;
/** The one test account every caller signs in with (its username). */
async function matrixTestAccountOf(world: World): Promise<string> {
  if (matrixTestAccount !== undefined) return matrixTestAccount;
  const response = await world.t.app.inject(
    call(byName('createTestAccount'), world.cookie('admin'), {
      body: { username: 'matrix-qa', password: TEST_ACCOUNT_PASSWORD },
    }),
  );
  if (response.statusCode !== 201)
    throw new Error(`test account creation answered ${response.statusCode}: ${response.body}`);
  matrixTestAccount = 'matrix-qa';
  return matrixTestAccount;
}

const subscriptions = new Map<Caller, string>();
/** A USDC-SPL subscription of the caller's on Study Hall (a visitor is served the owner's). */
async function subscriptionOf(world: World, caller: Caller): Promise<string> {
  const account = caller === 'visitor' ? 'owner' : caller;
  const known = subscriptions.get(account);
  if (known !== undefined) return known;
  const response = await world.t.app.inject(
    call(byName('createCryptoSubscription'), world.cookie(account), {
      body: { currency: 'USDC-SPL', usdAmount: 50, serverId: world.studyHall },
    }),
  );
  if (response.statusCode !== 201) throw new Error(`subscribing answered ${response.statusCode}: ${response.body}`);
  const id = response.json<{ subscription: { id: string } }>().subscription.id;
  subscriptions.set(account, id);
  return id;
}

/** A fresh notification of the caller's account (a visitor is served the owner's). */
async function notificationOf(world: World, caller: Caller): Promise<string> {
  const [stored] = await recordNotifications(world.t.database.db, [await userIdOf(world.t, accountOf(caller))], {
    type: 'SYSTEM_UPDATE',
    title: 'Access matrix',
    message: 'A notification to mark read.',
    actionUrl: null,
  });
  if (stored === undefined) throw new Error('no notification stored');
  return stored.notification.id;
}

let nowPayments: RunningNowPaymentsSimulator;
let ipn: { body: object; signature: string } | undefined;
/** An IPN NOWPayments signed about a payment of its own (no order of ours), made once. */
async function signedIpn(): Promise<{ body: object; signature: string }> {
  if (ipn !== undefined) return ipn;
  const created = await fetch(`${nowPayments.url}/v1/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': SIMULATED_NOWPAYMENTS_ACCOUNT.apiKey },
    body: JSON.stringify({ price_amount: 350, price_currency: 'usd', pay_currency: 'eth' }),
  });
  const { payment_id } = (await created.json()) as { payment_id: number };
  const body = { payment_id, payment_status: 'waiting', actually_paid: 0, fee: { currency: 'eth', serviceFee: 0 } };
  ipn = { body, signature: ipnSignature(body, SIMULATED_NOWPAYMENTS_ACCOUNT.ipnSecret) };
  return ipn;
}

/** A completed card payment of the caller's account (a visitor is served the owner's), fulfilled as a webhook would. */
async function completedPaymentOf(
  world: World,
  caller: Caller,
  product: 'EXTRA_AUDIT' | 'FULL_SERVICE' = 'EXTRA_AUDIT',
): Promise<string> {
  const db = world.t.database.db;
  const userId = await userIdOf(world.t, accountOf(caller));
  const order = await createOrder(db, {
    userId,
    serverId: world.studyHall,
    product,
    provider: 'stripe',
  });
  await fulfilOrder(db, { orderId: order.id, providerPaymentId: `pi_matrix_${order.id}`, now: new Date() });
  return order.id;
}

const certificatesFor = new Map<string, { id: string; certificateId: string }>();
/**
 * A certificate of the owner's Study Hall for one purpose (made once, at its first request), on an eligible
 * completed audit of its own that nobody requested, so it spends no one's quota.
 */
async function certificateOf(
  world: World,
  purpose: 'download' | 'approve' | 'reject',
  status: 'pending' | 'issued',
): Promise<{ id: string; certificateId: string }> {
  const known = certificatesFor.get(purpose);
  if (known !== undefined) return known;
  const db = world.t.database.db;
  const now = new Date();
  const [audit] = await db
    .insert(audits)
    .values({ serverId: world.studyHall, status: 'completed', riskScore: 95, totalChecks: 20, completedAt: now })
    .returning({ id: audits.id });
  if (audit === undefined) throw new Error('no audit stored');
  const [certificate] = await db
    .insert(certificates)
    .values({
      certificateId: newCertificateId(),
      serverId: world.studyHall,
      auditId: audit.id,
      status,
      riskScore: 95,
      criticalIssues: 0,
      checklistVersion: CHECKLIST_VERSION,
      ...(status === 'issued' ? { issuedAt: now, ...validityFrom(now) } : {}),
    })
    .returning({ id: certificates.id, certificateId: certificates.certificateId });
  if (certificate === undefined) throw new Error('no certificate stored');
  certificatesFor.set(purpose, certificate);
  return certificate;
}

/** A Full Service purchase of the owner's on Study Hall opens a new engagement for each request. */
async function newEngagementOf(world: World): Promise<string> {
  const orderId = await completedPaymentOf(world, 'owner', 'FULL_SERVICE');
  const [engagement] = await world.t.database.db
    .select({ id: serviceEngagements.id })
    .from(serviceEngagements)
    .where(eq(serviceEngagements.orderId, orderId));
  if (engagement === undefined) throw new Error('the Full Service order opened no engagement');
  return engagement.id;
}

let ownersFileId: string | undefined;
/** A file the owner uploaded (not yet attached to a message). */
async function ownersFile(world: World): Promise<string> {
  if (ownersFileId !== undefined) return ownersFileId;
  const response = await world.t.app.inject(
    await uploadRequest(world.cookie('owner'), [{ name: 'shot.png', content: SAMPLE.png }]),
  );
  const [file] = response.json<{ files: EvidenceFile[] }>().files;
  if (file === undefined) throw new Error(`upload failed: ${response.body}`);
  ownersFileId = file.id;
  return file.id;
}

/** The status a caller must get, from the endpoint's declared access and whose object it acts on. */
function expectedStatus(declared: Endpoint, row: ServedRow, caller: Caller): number {
  if (row.refusedToAll !== undefined) return row.refusedToAll;
  if (declared.access === 'public') return declared.status;
  if (caller === 'visitor') return 401;
  if (declared.access === 'admin') return caller === 'admin' ? declared.status : 403;
  if (caller === 'otherOwner' && row.subject === 'someones-object') return 404;
  if (caller === 'owner' && row.staffOnly === true) return 403;
  return declared.status;
}

let t: TestApp;
let world: World;
let stripeSimulator: RunningStripeSimulator;
let chainSimulators: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  nowPayments = await startTestNowPayments();
  stripeSimulator = await startStripeSimulator({
    apiKey: TEST_STRIPE.secretKey,
    webhookSecret: TEST_STRIPE.webhookSecret,
  });
  const [prices, ethereum, solana] = await Promise.all([
    startPriceSimulator(),
    startEthereumSimulator(),
    startSolanaSimulator(),
  ]);
  chainSimulators = [prices, ethereum, solana];
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    METRICS_TOKEN: MATRIX_METRICS_TOKEN,
    STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
    STRIPE_API_BASE: stripeSimulator.url,
    ...nowPaymentsEnv(nowPayments.url),
    PRICE_FEED_URL: `${prices.url}/api/v3`,
    ETH_RPC_URL: ethereum.url,
    SOL_RPC_URL: solana.url,
  });
  const cookies = {
    owner: await t.signIn(ACCOUNT.owner),
    otherOwner: await t.signIn(ACCOUNT.otherOwner),
    admin: await t.signIn(ACCOUNT.admin),
  };
  await grantEntitlement(t, ACCOUNT.owner);
  const studyHall = await serverId(t, cookies.owner, GUILDS.studyHall);
  const audit = await waitForAudit(t, cookies.owner, (await startAudit(t, cookies.owner, studyHall)).json<Audit>().id);
  const failed = audit.checkResults.filter((check) => check.status === 'FAIL');
  const evidence = await evidenceFixtures(t, cookies, audit, failed);
  world = {
    t,
    cookie: (caller) => (caller === 'visitor' ? undefined : cookies[caller]),
    freshCookie: async (caller) => (caller === 'visitor' ? undefined : t.signIn(ACCOUNT[caller])),
    studyHall,
    audit,
    checkOf: (caller) => {
      const check = failed[CALLERS.indexOf(caller)];
      if (check === undefined) throw new Error(`Study Hall should fail at least ${CALLERS.length} checks`);
      return check.id;
    },
    evidence,
  };
});

/** Threads and evidence of the owner on the audit's failed checks, and a staff reply each side can answer. */
async function evidenceFixtures(
  t: TestApp,
  cookies: Record<Exclude<Caller, 'visitor'>, string>,
  audit: AuditWithChecks,
  failed: readonly { checkId: string }[],
): Promise<EvidenceFixtures> {
  // The visitor's override check is never changed, so evidence can be submitted on it by every caller; the
  // threads are opened before any override runs.
  const checkIds = failed.slice(0, 4).map((check) => check.checkId);
  if (checkIds.length < 4) throw new Error('Study Hall should fail at least 4 checks');
  const submit = async (checkId: string | undefined) => {
    const response = await t.app.inject(
      call(byName('createEvidenceThread'), cookies.owner, { body: { auditId: audit.id, checkId, content: REASON } }),
    );
    if (response.statusCode !== 201) throw new Error(`evidence answered ${response.statusCode}: ${response.body}`);
    return response.json<{ thread: { id: string }; evidence: { id: string } }>();
  };
  const [thread, decided, decidedByEvidence] = [
    await submit(checkIds[1]),
    await submit(checkIds[2]),
    await submit(checkIds[3]),
  ];
  const reply = call(byName('postEvidenceMessage'), cookies.admin, {
    params: { id: thread.thread.id },
    body: { content: REASON },
  });
  expect((await t.app.inject(reply)).statusCode).toBe(201);
  const [owner] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.threadId, thread.thread.id), eq(notifications.type, 'ADMIN_FEEDBACK')));
  // Staff get no staff replies; Ada answers one addressed to her as if she were the owner side.
  const [admin] = await recordNotifications(t.database.db, [await userIdOf(t, ACCOUNT.admin)], {
    type: 'ADMIN_FEEDBACK',
    title: 'Admin Reply',
    message: REASON,
    actionUrl: null,
    threadId: thread.thread.id,
  });
  if (owner === undefined || admin === undefined) throw new Error('no staff reply to answer');
  return {
    submitCheckId: checkIds[0] ?? '',
    threadId: thread.thread.id,
    decideThreadId: decided.thread.id,
    decideEvidenceId: decidedByEvidence.evidence.id,
    evidenceId: thread.evidence.id,
    notificationOf: (caller) => (caller === 'admin' ? admin.notification.id : owner.id),
  };
}
afterAll(async () => {
  await t?.close();
  await nowPayments?.close();
  await stripeSimulator?.close();
  await Promise.all(chainSimulators.map((simulator) => simulator.close()));
});

const isServed = (declared: Endpoint) => t.app.hasRoute({ method: declared.method, url: declared.path });
const rows = Object.entries(MATRIX) as [EndpointName, ServedRow | NotServedRow][];

describe('the access matrix', () => {
  it('has a row for every declared endpoint, and marks exactly the unserved ones as not served yet', () => {
    expect(rows.map(([name]) => name).sort()).toEqual(ENDPOINTS.map((declared) => declared.name).sort());
    for (const [name, row] of rows) expect(isServed(byName(name)), name).toBe(!('notServedYet' in row));
  });

  it('starts from a completed audit of the owner’s server', () => {
    expect(world.audit.status).toBe('completed');
  });

  for (const [name, row] of rows) {
    if ('notServedYet' in row) continue;
    const declared = byName(name);
    describe(`${name} (${declared.method} ${declared.path}, ${declared.access})`, () => {
      it.each(CALLERS)('answers the %s as declared', async (caller) => {
        const response = await t.app.inject(await row.request(world, caller));
        const expected = expectedStatus(declared, row, caller);
        expect(response.statusCode, `${caller}: ${response.body.slice(0, 300)}`).toBe(expected);
        if (expected === declared.status) row.verify?.(response);
        await row.settle?.(world, caller, response);
      });
    });
  }
});
