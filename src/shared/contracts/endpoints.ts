import { listAdminEntitlements, listServiceEngagements, updateServiceEngagement } from './admin-commerce.js';
import {
  createTestAccount,
  deleteTestAccount,
  listCsuVerification,
  listStaffActions,
  listTestAccounts,
  signInWithTestAccount,
  updateCsuVerification,
} from './admin-staff.js';
import { getApiReference, getApiReferenceAsset, getOpenApiDocument } from './api-docs.js';
import {
  createAudit,
  downloadAuditReport,
  getAudit,
  getAuditUsage,
  listServerAudits,
  listUserAudits,
  updateCheck,
} from './audits.js';
import {
  downloadCertificate,
  getCertificateBadge,
  getServerCertificate,
  listAllCertificates,
  rejectCertificate,
  updateCertificate,
  verifyCertificate,
} from './certificates.js';
import { listRunbooks, submitCheckEvidence } from './engineer.js';
import { completeSignIn, getCurrentUser, getPopupScript, logout, startSignIn } from './auth.js';
import { createCoupon, deleteCoupon, listCoupons, redeemCoupon, redeemPaywallCoupon, revokeCoupon } from './coupons.js';
import {
  createCryptoSubscription,
  getCryptoQuote,
  listUserCryptoSubscriptions,
  payCryptoSubscription,
} from './crypto-subscriptions.js';
import type { Endpoint } from './endpoint.js';
import { listEntitlements } from './entitlements.js';
import {
  createEvidenceThread,
  decideEvidence,
  decideEvidenceThread,
  downloadEvidenceFile,
  getEvidence,
  getEvidenceThread,
  listAllEvidence,
  listAuditEvidence,
  listEvidenceThreads,
  listServerEvidence,
  listUserEvidence,
  postEvidenceMessage,
  uploadEvidenceFiles,
} from './evidence.js';
import { getLiveness, getReadiness } from './health.js';
import { getMetrics } from './metrics.js';
import { exportAudit, getAuditDiff, getPeerComparison } from './audit-insights.js';
import { getMonitoring, listDriftAlerts, sendTestAlert, setStaffMonitoring, updateMonitoring } from './monitoring.js';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationRead,
  respondToNotification,
} from './notifications.js';
import { adminBypass, bypassPaywall } from './paywall.js';
import {
  createCryptoInvoice,
  createStripeCheckout,
  downloadPaymentReceipt,
  listPayments,
  quotePaywallPlan,
  receiveNowPaymentsWebhook,
  receiveStripeWebhook,
} from './payments.js';
import { getPublicConfig } from './public-config.js';
import { listAllServers, listServers } from './servers.js';

/**
 * Every endpoint of the product, in one list: the OpenAPI document, the access-matrix test and the
 * check that the server serves what the web calls are all driven from it.
 */
export const ENDPOINTS = [
  getLiveness,
  getReadiness,
  getMetrics,
  getPublicConfig,
  startSignIn,
  completeSignIn,
  getPopupScript,
  getCurrentUser,
  logout,
  listEntitlements,
  listServers,
  listAllServers,
  createAudit,
  getAudit,
  listServerAudits,
  getAuditUsage,
  listUserAudits,
  updateCheck,
  downloadAuditReport,
  getAuditDiff,
  exportAudit,
  getPeerComparison,
  getMonitoring,
  updateMonitoring,
  sendTestAlert,
  listDriftAlerts,
  setStaffMonitoring,
  redeemCoupon,
  bypassPaywall,
  redeemPaywallCoupon,
  adminBypass,
  listCoupons,
  createCoupon,
  revokeCoupon,
  deleteCoupon,
  listAdminEntitlements,
  listServiceEngagements,
  updateServiceEngagement,
  createStripeCheckout,
  createCryptoInvoice,
  receiveStripeWebhook,
  receiveNowPaymentsWebhook,
  quotePaywallPlan,
  listPayments,
  downloadPaymentReceipt,
  getCryptoQuote,
  createCryptoSubscription,
  payCryptoSubscription,
  listUserCryptoSubscriptions,
  listEvidenceThreads,
  getEvidenceThread,
  createEvidenceThread,
  postEvidenceMessage,
  decideEvidenceThread,
  listAuditEvidence,
  listServerEvidence,
  listUserEvidence,
  listAllEvidence,
  getEvidence,
  decideEvidence,
  uploadEvidenceFiles,
  downloadEvidenceFile,
  listNotifications,
  countUnreadNotifications,
  markNotificationRead,
  respondToNotification,
  listAllCertificates,
  getServerCertificate,
  downloadCertificate,
  updateCertificate,
  rejectCertificate,
  verifyCertificate,
  getCertificateBadge,
  listRunbooks,
  submitCheckEvidence,
  listCsuVerification,
  updateCsuVerification,
  listTestAccounts,
  createTestAccount,
  deleteTestAccount,
  listStaffActions,
  signInWithTestAccount,
  getOpenApiDocument,
  getApiReference,
  getApiReferenceAsset,
] as const satisfies readonly Endpoint[];

export type EndpointName = (typeof ENDPOINTS)[number]['name'];
