import { riskLabel, type AuditReport } from '../shared/audit-contract.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';

const SUMMARY_WIDTH = 90;

function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A plain-text table of an audit, for terminals and CI logs. */
export function formatReportText(report: AuditReport, snapshot: AuditSnapshot): string {
  const idWidth = Math.max(...report.checks.map((check) => check.checkId.length), 'CHECK'.length);
  const header = `${'STATUS'.padEnd(8)}${'SEVERITY'.padEnd(10)}${'CHECK'.padEnd(idWidth + 2)}SUMMARY`;
  const rows = report.checks.map((check) => {
    const summary = typeof check.evidence.summary === 'string' ? check.evidence.summary : '';
    return `${check.status.padEnd(8)}${check.severity.padEnd(10)}${check.checkId.padEnd(idWidth + 2)}${cut(summary, SUMMARY_WIDTH)}`;
  });
  return [
    `Rampart audit of "${snapshot.guild.name}" (${snapshot.guild.id}), collected ${snapshot.collectedAt}`,
    `Risk score: ${report.riskScore}/100 (${riskLabel(report.riskScore)})`,
    `Passed ${report.passedChecks}, failed ${report.failedChecks}, unknown ${report.unknownChecks} of ${report.totalChecks} ` +
      `(failed: critical ${report.criticalIssues}, high ${report.highIssues}, medium ${report.mediumIssues}, low ${report.lowIssues})`,
    '',
    header,
    '-'.repeat(header.length + SUMMARY_WIDTH - 'SUMMARY'.length),
    ...rows,
    '',
  ].join('\n');
}
