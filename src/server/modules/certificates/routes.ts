import * as api from '../../../shared/contracts/certificates.js';
import type { AppContext } from '../../app-context.js';
import { pushNotifications } from '../notifications/notify.js';
import type { ServerModule } from '../server-module.js';
import { badgeSvg } from './badge.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import { decideCertificate, type DecisionInput } from './decisions.js';
import { badgeStatus, verifyCertificate } from './public.js';
import { type CertificateDeps, downloadableCertificate, getServerCertificate, listAllCertificates } from './service.js';

/**
 * A badge changes only when staff decide or a certificate expires: a few minutes in caches is fresh enough.
 * The public check's JSON stays uncached like every API answer, so the page itself is always current.
 */
const PUBLIC_CACHE = 'public, max-age=300';

/**
 * Certificates (docs/decisions/0027): staff's list and decisions, the owner side's current certificate and
 * its PDF, and the public check and badge anyone may load, rate limited per client address. Built with the
 * app's clock, so tests can move past a certificate's validity.
 */
export function createCertificatesModule(options: { now: () => Date }): ServerModule {
  return {
    register(routes, ctx: AppContext) {
      const deps: CertificateDeps = { db: ctx.db, publicUrl: ctx.config.publicUrl, now: options.now };
      const publicRateLimit = {
        config: { rateLimit: { max: ctx.config.verifyRateLimitPerMinute, timeWindow: '1 minute' } },
      };
      const decide = async (input: DecisionInput) => {
        const { certificate, notifications } = await decideCertificate(deps, input);
        pushNotifications(ctx.realtime, notifications);
        return certificate;
      };

      routes.admin.endpoint(api.listAllCertificates, async () => listAllCertificates(deps));
      routes.admin.endpoint(api.updateCertificate, async ({ caller, params, body }) =>
        decide({ caller, id: params.id, decision: body.status }),
      );
      routes.admin.endpoint(api.rejectCertificate, async ({ caller, params, body }) =>
        decide({ caller, id: params.id, decision: 'rejected', reason: body.reason }),
      );

      routes.endpoint(api.getServerCertificate, async ({ caller, params }) =>
        getServerCertificate(deps, { caller, serverId: params.serverId }),
      );
      routes.endpoint(api.downloadCertificate, async ({ caller, params, reply }) => {
        const certificate = await downloadableCertificate(deps, { caller, id: params.id });
        const pdf = await renderCertificatePdf(certificate);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="rampart-certificate-${certificate.certificateId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      });

      routes.endpoint(
        api.verifyCertificate,
        async ({ params }) => verifyCertificate(ctx.db, params.certificateId, options.now()),
        publicRateLimit,
      );
      routes.endpoint(
        api.getCertificateBadge,
        async ({ params, reply }) => {
          const status = await badgeStatus(ctx.db, params.file.replace(/\.svg$/, ''), options.now());
          return reply
            .type('image/svg+xml; charset=utf-8')
            .header('cache-control', PUBLIC_CACHE)
            .send(badgeSvg(status ?? 'not found'));
        },
        { config: { ...publicRateLimit.config, embeddable: true } },
      );
    },
  };
}
