import { describe, expect, it } from 'vitest';
import { auditChangesPath } from '../../../shared/monitoring-rules';
import { inAppPath } from './action-url';

const ORIGIN = 'https://rampart.example';

describe('inAppPath', () => {
  it.each([
    ['/evidence/threads/1f0c', '/evidence/threads/1f0c'],
    ['/audits/42?check=ADMIN_ROLES#x', '/audits/42?check=ADMIN_ROLES#x'],
    [auditChangesPath('s-1', 'a-2'), '/audits?server=s-1&changes=a-2'],
    [' /notifications ', '/notifications'],
    ['https://rampart.example/audits/1', '/audits/1'],
    ['http://rampart.example/audits/1', null],
    ['https://evil.example/audits/1', null],
    ['//evil.example/path', null],
    ['/\\evil.example/path', null],
    ['javascript:alert(1)', null],
    ['audits/1', null],
    ['', null],
    [null, null],
  ])('%s → %s', (actionUrl, expected) => {
    expect(inAppPath(actionUrl, ORIGIN)).toBe(expected);
  });
});
