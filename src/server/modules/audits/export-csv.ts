import { EXPORT_CSV_COLUMNS, type AuditExport, type ExportCheck } from '../../../shared/contracts/audit-export.js';

/**
 * Cells a spreadsheet would read as a formula (or whose leading tab or carriage return some spreadsheets
 * strip before doing so): server, role and channel names are chosen by whoever runs the audited server.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function neutralised(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: a cell with a quote, comma or line break is quoted, its quotes doubled. */
function csvCell(value: string | null): string {
  const text = neutralised(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function row(check: ExportCheck): (string | null)[] {
  return [
    check.checkId,
    check.name,
    check.category,
    check.severity,
    check.status,
    check.engineStatus,
    check.reason,
    check.mainFinding?.label ?? null,
    check.remediation,
    check.waiver?.expiresAt ?? null,
  ];
}

/** The export as CSV: a header and one row per check, lines ended by CRLF as RFC 4180 asks. */
export function auditExportCsv(exported: AuditExport): string {
  const lines = [[...EXPORT_CSV_COLUMNS], ...exported.checks.map(row)];
  return lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
