import { describe, expect, it } from 'vitest';
import { runAudit } from '../../../audit/engine.js';
import { recomputeSummary } from '../../../audit/scoring.js';
import { makeSnapshot } from '../../../audit/testing/make-snapshot.js';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits.js';
import { type ReportChanges } from './report-pdf-changes.js';
import { orderChecksForReport, stepsOnOwnLines } from './report-pdf-checks.js';
import { pageCount, readInfoString } from '../../../../tests/helpers/pdf.js';
import { pdfText } from '../../../../tests/helpers/pdf-content.js';
import { renderAuditReportPdf, reportInfoTitle } from './report-pdf.js';

/** Twenty real engine results (the baseline test guild), stored as the server would store them. */
function storedChecks(): StoredCheckResult[] {
  return runAudit(makeSnapshot(), { ownerMfaEnabled: false }).checks.map((check, index) => ({
    ...check,
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    waiveReason: null,
    engineStatus: check.status === 'WAIVED' ? 'FAIL' : check.status,
    overrideKind: null,
    selfAttestedStatus: null,
    overriddenBy: null,
    overriddenAt: null,
    overrideReason: null,
    overrideEvidence: null,
    overrideEvidenceAt: null,
    waiverExpiresAt: null,
    countsTowardCertification: check.status === 'PASS',
  }));
}

function auditOf(checks: readonly StoredCheckResult[], overrides: Partial<Audit> = {}): Audit {
  return {
    id: '5d1f0b7e-2c4a-4d8e-9a61-3f0c2b7d9e10',
    serverId: '7b3f5c1a-8d2e-4f6a-9b0c-1d2e3f4a5b6c',
    status: 'completed',
    progressStep: 8,
    failureReason: null,
    ...recomputeSummary(checks),
    selfAttestedOverrides: 0,
    selfAttestedRiskScore: null,
    certificateEligible: false,
    trigger: 'manual',
    createdAt: '2026-09-01T10:00:00.000Z',
    startedAt: '2026-09-01T10:00:01.000Z',
    completedAt: '2026-09-01T10:00:05.000Z',
    ...overrides,
  };
}

const FIRST_AUDIT: ReportChanges = { against: null };

describe('renderAuditReportPdf', () => {
  it('renders a complete PDF of several pages for twenty checks, titled with the server name', async () => {
    const checks = storedChecks();
    expect(checks).toHaveLength(20);
    const pdf = await renderAuditReportPdf({
      serverName: 'Pixel Plaza',
      serverDiscordId: '1200000000000000002',
      changes: FIRST_AUDIT,
      audit: auditOf(checks),
      checks,
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
    expect(readInfoString(pdf, 'Title')).toBe('Rampart security audit — Pixel Plaza');
    expect(readInfoString(pdf, 'Author')).toBe('Rampart');
  });

  it('keeps a non-ASCII server name intact in the title, however pdfkit encodes it', async () => {
    const checks = storedChecks();
    const serverName = '🛡️ Zürich 日本 Łódź';
    const pdf = await renderAuditReportPdf({
      serverName,
      serverDiscordId: '42',
      changes: FIRST_AUDIT,
      audit: auditOf(checks),
      checks,
    });
    expect(readInfoString(pdf, 'Title')).toBe(reportInfoTitle(serverName));
  });

  it('renders an audit that has no score or checks yet on a single page', async () => {
    const audit = auditOf([], { status: 'running', riskScore: null, completedAt: null });
    const pdf = await renderAuditReportPdf({
      serverName: 'Study Hall',
      serverDiscordId: '1',
      audit,
      checks: [],
      changes: FIRST_AUDIT,
      generatedAt: new Date(0),
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
  });

  it('survives long text and waived checks without losing pages', async () => {
    const checks = storedChecks().map((check, index) =>
      index % 3 === 0
        ? {
            ...check,
            status: 'WAIVED' as const,
            waiveReason: 'Accepted after review. '.repeat(30),
            remediation: 'Step. '.repeat(200),
          }
        : { ...check, status: 'FAIL' as const, evidence: { summary: 'x'.repeat(1000) } },
    );
    const pdf = await renderAuditReportPdf({
      serverName: 'N'.repeat(300),
      serverDiscordId: '1',
      changes: FIRST_AUDIT,
      audit: auditOf(checks),
      checks,
    });
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(4);
  });
});

describe('override evidence in the report', () => {
  const overridden = (check: StoredCheckResult, evidence: string | null): StoredCheckResult => ({
    ...check,
    status: 'FAIL',
    engineStatus: 'FAIL',
    overrideKind: 'self_attested',
    selfAttestedStatus: 'WAIVED',
    overriddenBy: 'Olivia Owner',
    overriddenAt: '2026-09-02T09:00:00.000Z',
    overrideReason: 'Backups run nightly to an offsite bucket.',
    overrideEvidence: evidence,
    overrideEvidenceAt: evidence === null ? null : '2026-09-03T09:30:00.000Z',
  });

  it('shows the evidence text and when it was submitted under the overridden check', async () => {
    const [first, second, ...rest] = storedChecks();
    if (first === undefined || second === undefined) throw new Error('twenty checks expected');
    const checks = [overridden(first, 'Template synced on 1 September, stored in the team vault.'), second, ...rest];
    const text = pdfText(
      await renderAuditReportPdf({
        serverName: 'Pixel Plaza',
        serverDiscordId: '1',
        changes: FIRST_AUDIT,
        audit: auditOf(checks),
        checks,
      }),
    );
    expect(text).toContain(
      'EVIDENCE Submitted 3 September 2026 at 09:30 UTC: Template synced on 1 September, stored in the team vault.',
    );
    const without = pdfText(
      await renderAuditReportPdf({
        serverName: 'Pixel Plaza',
        serverDiscordId: '1',
        changes: FIRST_AUDIT,
        audit: auditOf(checks),
        checks: [overridden(first, null), second, ...rest],
      }),
    );
    expect(without).toContain('Self-attested by the server owner, Olivia Owner');
    expect(without).not.toContain('EVIDENCE');
  });

  it('shows only the beginning of the longest evidence, keeping each check on one page', async () => {
    // The longest a check can carry: a 2,000-character reason and 10,000 characters of evidence.
    const checks = storedChecks().map((check) => ({
      ...overridden(check, `${'Proof line. '.repeat(832)}END-OF-EVIDENCE`),
      overrideReason: 'R'.repeat(2000),
    }));
    const pdf = await renderAuditReportPdf({
      serverName: 'Pixel Plaza',
      serverDiscordId: '1',
      changes: FIRST_AUDIT,
      audit: auditOf(checks),
      checks,
    });
    const text = pdfText(pdf);
    expect(text).toContain('Proof line.');
    expect(text).not.toContain('END-OF-EVIDENCE');
    // The summary page, then one page per check: no block outgrew its page.
    expect(pageCount(pdf)).toBe(1 + checks.length);
  });
});

describe("the report's 'What changed since the last audit'", () => {
  const render = (changes: ReportChanges) => {
    const checks = storedChecks();
    return renderAuditReportPdf({
      serverName: 'Pixel Plaza',
      serverDiscordId: '1',
      audit: auditOf(checks, { riskScore: 62 }),
      checks,
      changes,
    });
  };

  it('says so on a first audit', async () => {
    const text = pdfText(await render(FIRST_AUDIT));
    expect(text).toContain('What changed since the last audit'.toUpperCase());
    expect(text).toContain('First audit of this server');
  });

  it('shows the score change, new failures, fixed and regressed checks with their findings', async () => {
    const change = (checkName: string, before: 'PASS' | 'FAIL', after: 'PASS' | 'FAIL') => ({
      checkId: 'VERIFICATION_LEVEL' as const,
      checkName,
      severity: 'MEDIUM' as const,
      before,
      after,
      appeared: [{ kind: 'role' as const, label: 'Shadow Admin' }],
      disappeared: [],
    });
    const text = pdfText(
      await render({
        against: { completedAt: '2026-08-01T10:00:00.000Z', riskScore: 70 },
        scoreChange: -8,
        newFailures: [change('Verification Level', 'PASS', 'FAIL')],
        fixed: [
          {
            ...change('Webhook Security', 'FAIL', 'PASS'),
            appeared: [],
            disappeared: [{ kind: 'webhook', label: 'Status Page in #news' }],
          },
        ],
        regressed: [change('Channel Hardening', 'FAIL', 'FAIL')],
      }),
    );
    expect(text).toContain('Score 62, was 70 (-8) in the previous audit completed 1 August 2026');
    expect(text).toContain('New failures (1)');
    expect(text).toContain('Verification Level (medium): was PASS, now FAIL; appeared: role Shadow Admin');
    expect(text).toContain('Fixed (1)');
    expect(text).toContain('Webhook Security (medium): was FAIL, now PASS; gone: webhook Status Page in #news');
    expect(text).toContain('Regressed (1)');
    expect(text).not.toContain('First audit of this server');
  });
});

describe('report ordering', () => {
  it('lists failed checks by severity, then unknown, then passed and waived', () => {
    const base = storedChecks();
    const pick = (checkId: string) => base.find((check) => check.checkId === checkId);
    const with_ = (checkId: string, status: StoredCheckResult['status']): StoredCheckResult[] => {
      const check = pick(checkId);
      return check ? [{ ...check, status }] : [];
    };
    const checks = [
      ...with_('INACTIVE_ROLES', 'FAIL'), // LOW
      ...with_('WEBHOOK_SECURITY', 'PASS'), // HIGH
      ...with_('MFA_MODERATION', 'FAIL'), // HIGH
      ...with_('AUTOMOD_ENABLED', 'UNKNOWN'), // MEDIUM
      ...with_('CSU_OWNER_VERIFICATION', 'FAIL'), // CRITICAL
      ...with_('BACKUP_STRATEGY_VERIFICATION', 'WAIVED'), // MEDIUM
    ];
    const sections = orderChecksForReport(checks);
    expect(sections.map((section) => [section.key, section.checks.map((check) => check.checkId)])).toEqual([
      ['failed', ['CSU_OWNER_VERIFICATION', 'MFA_MODERATION', 'INACTIVE_ROLES']],
      ['unknown', ['AUTOMOD_ENABLED']],
      ['passed', ['WEBHOOK_SECURITY', 'BACKUP_STRATEGY_VERIFICATION']],
    ]);
    expect(orderChecksForReport([])).toEqual([]);
  });

  it('puts numbered remediation steps on their own lines', () => {
    expect(stepsOnOwnLines('1. Do this. 2. Then that. 10. Last.')).toBe('1. Do this.\n2. Then that.\n10. Last.');
    expect(stepsOnOwnLines('Keep version 2. Nothing else.')).toBe('Keep version 2. Nothing else.');
  });
});
