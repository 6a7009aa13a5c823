import type { ENDPOINTS } from './endpoints.js';

/**
 * The endpoints a client calls, as a caller needs them at run time: name, method and path, and nothing
 * else, so this module loads no validation library. Each one's declaration (schemas, access, errors)
 * travels as a type only, found by its name; `route` refuses a method or path that differs from the
 * declaration's (docs/decisions/0021).
 */

export type DeclaredEndpoint = (typeof ENDPOINTS)[number];
export type EndpointName = DeclaredEndpoint['name'];
export type DeclarationOf<Name extends EndpointName> = Extract<DeclaredEndpoint, { name: Name }>;

export interface Route<Name extends EndpointName = EndpointName> {
  readonly name: Name;
  readonly method: DeclarationOf<Name>['method'];
  readonly path: DeclarationOf<Name>['path'];
}

function route<const Name extends EndpointName>(
  name: Name,
  method: DeclarationOf<Name>['method'],
  path: DeclarationOf<Name>['path'],
): Route<Name> {
  return { name, method, path };
}

export const getPublicConfig = route('getPublicConfig', 'GET', '/api/config');

export const startSignIn = route('startSignIn', 'GET', '/api/auth/discord');
export const completeSignIn = route('completeSignIn', 'GET', '/api/auth/discord/callback');
export const getPopupScript = route('getPopupScript', 'GET', '/api/auth/popup-result.js');
export const getCurrentUser = route('getCurrentUser', 'GET', '/api/auth/me');
export const logout = route('logout', 'POST', '/api/auth/logout');

export const listEntitlements = route('listEntitlements', 'GET', '/api/entitlements');
export const listServers = route('listServers', 'GET', '/api/servers');
export const listAllServers = route('listAllServers', 'GET', '/api/admin/all-servers');

// The billing page's reads (the paywall's calls are listed with the paywall's).
export const listPayments = route('listPayments', 'GET', '/api/payments');
export const downloadPaymentReceipt = route('downloadPaymentReceipt', 'GET', '/api/payments/:id/receipt');
export const listUserCryptoSubscriptions = route(
  'listUserCryptoSubscriptions',
  'GET',
  '/api/crypto-subscriptions/user',
);

export const createAudit = route('createAudit', 'POST', '/api/audits');
export const getAudit = route('getAudit', 'GET', '/api/audits/:id');
export const listServerAudits = route('listServerAudits', 'GET', '/api/servers/:id/audits');
export const getAuditUsage = route('getAuditUsage', 'GET', '/api/servers/:id/audit-usage');
export const listUserAudits = route('listUserAudits', 'GET', '/api/user/audits');
export const updateCheck = route('updateCheck', 'PUT', '/api/checks/:checkId');
export const downloadAuditReport = route('downloadAuditReport', 'GET', '/api/audits/:id/download-report');
export const getAuditDiff = route('getAuditDiff', 'GET', '/api/audits/:id/diff');
export const exportAudit = route('exportAudit', 'GET', '/api/audits/:id/export');
export const getPeerComparison = route('getPeerComparison', 'GET', '/api/audits/:id/peer-comparison');

export const getMonitoring = route('getMonitoring', 'GET', '/api/servers/:id/monitoring');
export const updateMonitoring = route('updateMonitoring', 'PUT', '/api/servers/:id/monitoring');
export const sendTestAlert = route('sendTestAlert', 'POST', '/api/servers/:id/monitoring/test-alert');
export const listDriftAlerts = route('listDriftAlerts', 'GET', '/api/servers/:id/drift-alerts');
export const setStaffMonitoring = route('setStaffMonitoring', 'PUT', '/api/admin/servers/:id/monitoring');

export const redeemCoupon = route('redeemCoupon', 'POST', '/api/coupons/redeem');
export const bypassPaywall = route('bypassPaywall', 'POST', '/api/paywall/bypass');
export const redeemPaywallCoupon = route('redeemPaywallCoupon', 'POST', '/api/paywall/redeem');
export const createStripeCheckout = route('createStripeCheckout', 'POST', '/api/paywall/checkout/stripe');
export const createCryptoInvoice = route('createCryptoInvoice', 'POST', '/api/paywall/checkout/nowpayments');

export const getCryptoQuote = route('getCryptoQuote', 'GET', '/api/crypto-subscriptions/quote/:usdAmount');
export const createCryptoSubscription = route('createCryptoSubscription', 'POST', '/api/crypto-subscriptions');
export const payCryptoSubscription = route('payCryptoSubscription', 'POST', '/api/crypto-subscriptions/:id/pay');

export const listCoupons = route('listCoupons', 'GET', '/api/admin/coupons');
export const createCoupon = route('createCoupon', 'POST', '/api/admin/coupons');
export const revokeCoupon = route('revokeCoupon', 'POST', '/api/admin/coupons/:id/revoke');
export const deleteCoupon = route('deleteCoupon', 'DELETE', '/api/admin/coupons/:id');

export const listAdminEntitlements = route('listAdminEntitlements', 'GET', '/api/admin/entitlements');
export const listServiceEngagements = route('listServiceEngagements', 'GET', '/api/admin/service-engagements');
export const updateServiceEngagement = route('updateServiceEngagement', 'PUT', '/api/admin/service-engagements/:id');

export const listAllCertificates = route('listAllCertificates', 'GET', '/api/admin/all-certificates');
export const getServerCertificate = route('getServerCertificate', 'GET', '/api/certificates/:serverId');
export const downloadCertificate = route('downloadCertificate', 'GET', '/api/certificates/:id/download');
export const updateCertificate = route('updateCertificate', 'PUT', '/api/admin/certificates/:id');
export const rejectCertificate = route('rejectCertificate', 'POST', '/api/admin/certificates/:id/reject');
export const verifyCertificate = route('verifyCertificate', 'GET', '/api/public/certificates/:certificateId');

export const listEvidenceThreads = route('listEvidenceThreads', 'GET', '/api/evidence/threads');
export const getEvidenceThread = route('getEvidenceThread', 'GET', '/api/evidence/threads/:id');
export const createEvidenceThread = route('createEvidenceThread', 'POST', '/api/evidence/threads');
export const postEvidenceMessage = route('postEvidenceMessage', 'POST', '/api/evidence/threads/:id/messages');
export const decideEvidenceThread = route('decideEvidenceThread', 'POST', '/api/evidence/threads/:id/decision');
export const listAuditEvidence = route('listAuditEvidence', 'GET', '/api/evidence/by-audit/:auditId');
export const listServerEvidence = route('listServerEvidence', 'GET', '/api/evidence/by-server/:serverId');
export const listUserEvidence = route('listUserEvidence', 'GET', '/api/user/evidence');
export const listAllEvidence = route('listAllEvidence', 'GET', '/api/admin/all-evidence');
export const getEvidence = route('getEvidence', 'GET', '/api/evidence/:id');
export const decideEvidence = route('decideEvidence', 'POST', '/api/evidence/:id/decision');
export const uploadEvidenceFiles = route('uploadEvidenceFiles', 'POST', '/api/evidence/files');
export const downloadEvidenceFile = route('downloadEvidenceFile', 'GET', '/api/evidence/files/:id');

export const listNotifications = route('listNotifications', 'GET', '/api/notifications');
export const countUnreadNotifications = route('countUnreadNotifications', 'GET', '/api/notifications/count');
export const markNotificationRead = route('markNotificationRead', 'PUT', '/api/notifications/:id/read');
export const respondToNotification = route('respondToNotification', 'POST', '/api/notifications/:id/respond');

// The engineer screen's tools (issue 11).
export const listRunbooks = route('listRunbooks', 'GET', '/api/runbooks');
export const submitCheckEvidence = route('submitCheckEvidence', 'POST', '/api/checks/:checkId/evidence');

// The admin page's staff sections and the staff sign-in form (issue 11).
export const listCsuVerification = route('listCsuVerification', 'GET', '/api/admin/csu-verification');
export const updateCsuVerification = route('updateCsuVerification', 'POST', '/api/admin/csu-verification/:serverId');
export const listTestAccounts = route('listTestAccounts', 'GET', '/api/admin/test-accounts');
export const createTestAccount = route('createTestAccount', 'POST', '/api/admin/test-accounts');
export const deleteTestAccount = route('deleteTestAccount', 'DELETE', '/api/admin/test-accounts/:id');
export const listStaffActions = route('listStaffActions', 'GET', '/api/admin/activity');
export const signInWithTestAccount = route('signInWithTestAccount', 'POST', '/api/auth/test-account');
