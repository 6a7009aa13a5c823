import { describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../shared/audit-contract.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { CheckEvidence } from '../../shared/findings.js';
import type { AuditCheck, AuditContext } from '../types.js';
import { makeSnapshot } from './make-snapshot.js';

export interface CheckRow {
  name: string;
  change?: (snapshot: AuditSnapshot) => void;
  context?: AuditContext;
  expected: EngineStatus;
  /** Extra assertions on the evidence of this row. */
  evidence?: (evidence: CheckEvidence) => void;
}

/** Runs one check over rows of { snapshot change, expected status } against the baseline guild. */
export function describeCheckTable(check: AuditCheck, rows: readonly CheckRow[]): void {
  describe(check.metadata.id, () => {
    it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
      const outcome = check.evaluate(makeSnapshot(row.change), row.context ?? {});
      expect(outcome.status, JSON.stringify(outcome.evidence, null, 2)).toBe(row.expected);
      // What the evidence view reads is what was written: every finding fits its shared schema with no default to fill.
      expect(CheckEvidence.parse(outcome.evidence)).toEqual(outcome.evidence);
      row.evidence?.(outcome.evidence);
    });
  });
}
