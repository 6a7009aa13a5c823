import { describeCheckTable } from '../testing/check-table.js';
import * as check from './backup-strategy-verification.js';

describeCheckTable(check, [
  { name: 'starts failed: no API shows a backup', expected: 'FAIL' },
  { name: 'owner 2FA does not stand in for a backup', context: { ownerMfaEnabled: true }, expected: 'FAIL' },
]);
