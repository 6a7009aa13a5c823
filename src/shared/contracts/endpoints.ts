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
import { completeSignIn, getCurrentUser, getPopupScript, logout, startSignIn } from './auth.js';
import { redeemCoupon } from './coupons.js';
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
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationRead,
  respondToNotification,
} from './notifications.js';
import { bypassPaywall } from './paywall.js';
import { getPublicConfig } from './public-config.js';
import { listAllServers, listServers } from './servers.js';

/**
 * Every endpoint of the product, in one list: the OpenAPI document, the access-matrix test and the
 * check that the server serves what the web calls are all driven from it.
 */
export const ENDPOINTS = [
  getLiveness,
  getReadiness,
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
  redeemCoupon,
  bypassPaywall,
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
  getOpenApiDocument,
  getApiReference,
  getApiReferenceAsset,
] as const satisfies readonly Endpoint[];

export type EndpointName = (typeof ENDPOINTS)[number]['name'];
