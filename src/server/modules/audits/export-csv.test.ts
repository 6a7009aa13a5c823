import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../tests/helpers/csv.js';
import { EXPORT_CSV_COLUMNS, type AuditExport, type ExportCheck } from '../../../shared/contracts/audit-export.js';
import { auditExportCsv } from './export-csv.js';
import { serverSlug } from './export-service.js';

function exportWith(checks: ExportCheck[]): AuditExport {
  return {
    schemaVersion: 1,
    exportedAt: '2026-11-24T10:00:00.000Z',
    server: { name: 'x', discordId: '1', memberCount: 3 },
    audit: {
      id: 'a',
      trigger: 'manual',
      createdAt: '2026-11-24T09:00:00.000Z',
      startedAt: null,
      completedAt: '2026-11-24T09:01:00.000Z',
      riskScore: 50,
      selfAttestedRiskScore: null,
      counts: {
        total: 1,
        passed: 0,
        failed: 1,
        unknown: 0,
        critical: 0,
        high: 1,
        medium: 0,
        low: 0,
        selfAttestedOverrides: 0,
      },
      certificateEligible: false,
    },
    checks,
  };
}

const check = (label: string, reason: string): ExportCheck => ({
  checkId: 'PRIVILEGED_PERMISSIONS',
  name: 'Privileged Permissions',
  category: 'Roles & permissions',
  severity: 'HIGH',
  status: 'FAIL',
  engineStatus: 'FAIL',
  reason,
  mainFinding: { kind: 'role', label },
  remediation: 'Remove it.',
  evidence: {},
  override: null,
  waiver: null,
});

describe('auditExportCsv', () => {
  it.each(['=1+1', '+SUM(A1)', '-2', '@cmd', '\tTab', '\rCR'])(
    'puts a quote before a cell starting like %j',
    (label) => {
      const [, row] = parseCsv(auditExportCsv(exportWith([check(label, 'fine')])));
      expect(row?.[7]).toBe(`'${label}`);
      expect(row?.[6]).toBe('fine');
    },
  );

  it('quotes commas, quotes and line breaks so each record keeps its columns', () => {
    const label = 'Mods, "real" ones\nand more';
    const records = parseCsv(auditExportCsv(exportWith([check(label, 'a,b'), check('plain', '"q"')])));
    expect(records[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(records.map((record) => record.length)).toEqual([10, 10, 10]);
    expect(records[1]?.[7]).toBe(label);
    expect(records[1]?.[6]).toBe('a,b');
    expect(records[2]?.[6]).toBe('"q"');
    expect(records[1]?.[9]).toBe('');
  });
});

describe('serverSlug', () => {
  it('keeps lowercase letters and digits joined by dashes, else the Discord id', () => {
    expect(serverSlug('Pixel Plaza!', '1')).toBe('pixel-plaza');
    expect(serverSlug('Café Ünïcode', '1')).toBe('cafe-unicode');
    expect(serverSlug('🛡️🛡️', '1200')).toBe('1200');
    expect(serverSlug(`${'a'.repeat(39)} b`, '1')).toBe('a'.repeat(39));
  });
});
