import { describe, expect, it } from 'vitest';
import { runAudit } from './engine.js';
import { formatReportText } from './report-text.js';
import { makeSnapshot } from './testing/make-snapshot.js';

describe('formatReportText', () => {
  it('prints the score, the counts and one row per check', () => {
    const snapshot = makeSnapshot();
    const text = formatReportText(runAudit(snapshot, {}), snapshot);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toContain('"Test Guild"');
    expect(lines[1]).toBe('Risk score: 79/100 (Medium Risk)');
    expect(lines[2]).toContain('Passed 17, failed 3, unknown 0 of 20');
    expect(lines.filter((line) => /^(PASS|FAIL|UNKNOWN)\s/.test(line))).toHaveLength(20);
    expect(text).toMatch(/FAIL\s+CRITICAL\s+CSU_OWNER_VERIFICATION\s+Discord does not reveal/);
  });
});
