import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { badgePath } from '../../../shared/certificate-rules';
import type { PublicCertificate } from '../../../shared/contracts/certificates';
import { CopyButton } from '../../components/copy-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import {
  badgeEmbedSnippet,
  CERTIFICATE_STATUS_LABELS,
  laterAuditText,
  publicVerdict,
  type VerdictTone,
} from './certificate-display';
import { CertificateStatusBadge } from './certificate-status-badge';

const TONE_STYLES: Record<VerdictTone, { icon: typeof CircleCheck; className: string; iconClass: string }> = {
  valid: { icon: CircleCheck, className: 'border-success/40 bg-success/10', iconClass: 'text-success' },
  lapsed: { icon: CircleAlert, className: 'border-warning/50 bg-warning/10', iconClass: 'text-warning' },
  invalid: { icon: CircleX, className: 'border-destructive/50 bg-destructive/10', iconClass: 'text-destructive' },
};

function Verdict({ certificate }: { certificate: PublicCertificate }) {
  const verdict = publicVerdict(certificate);
  const tone = TONE_STYLES[verdict.tone];
  const Icon = tone.icon;
  return (
    <section
      aria-labelledby="verdict-heading"
      className={cn('flex items-start gap-4 rounded-xl border p-5', tone.className)}
    >
      <Icon className={cn('mt-0.5 size-8 shrink-0', tone.iconClass)} aria-hidden="true" />
      <div className="grid gap-1">
        <h2 id="verdict-heading" className="text-xl font-bold">
          {verdict.headline}
        </h2>
        <p className="text-sm">{verdict.explanation}</p>
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

const dateOrDash = (iso: string | null) => (iso === null ? '–' : formatDate(iso));

function Facts({ certificate }: { certificate: PublicCertificate }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Certificate details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Fact label="Status">
            <CertificateStatusBadge status={certificate.status} labelled={false} />
          </Fact>
          <Fact label="Server">{certificate.serverName}</Fact>
          <Fact label="Certificate id">
            <span className="font-mono">{certificate.certificateId}</span>
          </Fact>
          <Fact label="Audit score">{certificate.riskScore}/100</Fact>
          <Fact label="Audit date">{dateOrDash(certificate.auditCompletedAt)}</Fact>
          <Fact label="Checklist version">{certificate.checklistVersion}</Fact>
          <Fact label="Issued on">{dateOrDash(certificate.issuedAt)}</Fact>
          <Fact label="Valid from">{dateOrDash(certificate.validFrom)}</Fact>
          <Fact label="Valid until">{dateOrDash(certificate.validUntil)}</Fact>
          {certificate.revokedAt !== null && <Fact label="Revoked on">{formatDate(certificate.revokedAt)}</Fact>}
          <Fact label="Later audit meets the bar">{laterAuditText(certificate.laterAuditMeetsBar)}</Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

function BadgeEmbed({ certificate }: { certificate: PublicCertificate }) {
  const snippet = badgeEmbedSnippet(window.location.origin, certificate.certificateId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Badge</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <img
          src={badgePath(certificate.certificateId)}
          alt={`Rampart certificate badge: ${CERTIFICATE_STATUS_LABELS[certificate.status]}`}
          height={20}
          className="h-5 w-fit"
        />
        <p className="text-sm text-muted-foreground" id="embed-snippet-label">
          Embed the badge on a website; it links back to this page and always shows the current status.
        </p>
        <div className="flex items-start gap-2">
          <pre
            aria-labelledby="embed-snippet-label"
            className="min-w-0 flex-1 rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all"
          >
            {snippet}
          </pre>
          <CopyButton value={snippet} what="embed snippet" />
        </div>
      </CardContent>
    </Card>
  );
}

/** The public page's answer for a known certificate: the verdict first, then what it rests on, then the badge. */
export function PublicCertificateView({ certificate }: { certificate: PublicCertificate }) {
  return (
    <div className="grid gap-6">
      <Verdict certificate={certificate} />
      <Facts certificate={certificate} />
      <BadgeEmbed certificate={certificate} />
    </div>
  );
}
