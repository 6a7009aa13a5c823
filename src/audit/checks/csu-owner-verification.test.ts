import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { IDS } from '../testing/make-snapshot.js';
import * as check from './csu-owner-verification.js';

describeCheckTable(check, [
  {
    name: 'owner signed in with 2FA passes automatically',
    context: { ownerMfaEnabled: true },
    expected: 'PASS',
    evidence: (e) => expect(e).toMatchObject({ ownerId: IDS.owner, verified: true }),
  },
  { name: 'owner signed in without 2FA fails', context: { ownerMfaEnabled: false }, expected: 'FAIL' },
  {
    name: 'owner 2FA unknown starts failed until evidence',
    expected: 'FAIL',
    evidence: (e) => expect(e).toMatchObject({ ownerId: IDS.owner, verified: false }),
  },
  {
    name: 'never UNKNOWN, even without the member list',
    change: (s) => {
      s.members = null;
    },
    expected: 'FAIL',
  },
]);
