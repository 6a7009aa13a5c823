import { adminCommerceModule } from './admin-commerce/routes.js';
import { apiDocsModule } from './api-docs/routes.js';
import { authModule } from './auth/routes.js';
import { cryptoInvoicesModule } from './crypto-invoices/routes.js';
import { csuVerificationModule } from './csu-verification/routes.js';
import { entitlementsModule } from './entitlements/routes.js';
import { evidenceFilesModule } from './evidence-files/routes.js';
import { healthModule } from './health/routes.js';
import { metricsModule } from './metrics/routes.js';
import { paymentsModule } from './payments/routes.js';
import { publicConfigModule } from './public-config/routes.js';
import { notificationsModule } from './notifications/routes.js';
import { runbooksModule } from './runbooks/routes.js';
import type { ServerModule } from './server-module.js';
import { serversModule } from './servers/routes.js';
import { staffActionsModule } from './staff-actions/routes.js';
import { stripeCheckoutModule } from './stripe-checkout/routes.js';
import { testAccountsModule } from './test-accounts/routes.js';

/**
 * Every module the server runs, in one list; the audits module is built with its worker, the evidence
 * module with its waiver sweep, the coupons module with the audits module's start and the crypto
 * subscriptions with their lapse sweep the certificates with the app's clock and monitoring with its scheduler, so they are passed in.
 */
export function serverModules(
  audits: ServerModule,
  evidence: ServerModule,
  coupons: ServerModule,
  cryptoSubscriptions: ServerModule,
  certificates: ServerModule,
  monitoring: ServerModule,
): readonly ServerModule[] {
  return [
    healthModule,
    metricsModule,
    publicConfigModule,
    authModule,
    entitlementsModule,
    serversModule,
    audits,
    evidence,
    cryptoSubscriptions,
    notificationsModule,
    evidenceFilesModule,
    coupons,
    cryptoInvoicesModule,
    stripeCheckoutModule,
    paymentsModule,
    adminCommerceModule,
    runbooksModule,
    csuVerificationModule,
    testAccountsModule,
    staffActionsModule,
    certificates,
    monitoring,
    apiDocsModule,
  ];
}
