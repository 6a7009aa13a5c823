import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import * as check from './bot-token-hygiene.js';

describeCheckTable(check, [
  {
    name: 'starts failed: tokens cannot be inspected',
    expected: 'FAIL',
    evidence: (e) => expect(e.botsInServer).toBe(1),
  },
  {
    name: 'still failed without the member list',
    change: (s) => {
      s.members = null;
    },
    expected: 'FAIL',
  },
]);
