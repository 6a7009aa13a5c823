import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/audit/registry.js';
import { RUNBOOKS } from '../../src/shared/runbooks/runbooks.js';

describe('the runbooks and the checks they fix', () => {
  it.each(CHECKS.map((check) => [check.metadata.id, check.metadata.category] as const))(
    '%s: its runbook is filed under the check’s own category',
    (checkId, category) => {
      expect(RUNBOOKS.filter((runbook) => runbook.checkId === checkId).map((runbook) => runbook.category)).toEqual([
        category,
      ]);
    },
  );
});
