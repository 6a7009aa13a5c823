import { describe, expect, it } from 'vitest';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { checkChoices } from './test-evidence';

const check = (checkId: StoredCheckResult['checkId'], checkName: string, status: StoredCheckResult['status']) =>
  ({ checkId, checkName, status }) as StoredCheckResult;

describe('checkChoices', () => {
  it('lists failed checks first, each group by name, with the status in words', () => {
    const choices = checkChoices([
      check('AUTOMOD_ENABLED', 'AutoMod', 'PASS'),
      check('MFA_MODERATION', 'Two-Factor Moderation', 'FAIL'),
      check('WEBHOOK_SECURITY', 'Webhook Security', 'WAIVED'),
      check('AUDIT_LOG_ACCESS', 'Audit Log Access', 'FAIL'),
    ]);
    expect(choices).toEqual([
      { value: 'AUDIT_LOG_ACCESS', label: 'Audit Log Access (Failed)' },
      { value: 'MFA_MODERATION', label: 'Two-Factor Moderation (Failed)' },
      { value: 'AUTOMOD_ENABLED', label: 'AutoMod (Passed)' },
      { value: 'WEBHOOK_SECURITY', label: 'Webhook Security (Waived)' },
    ]);
  });
});
