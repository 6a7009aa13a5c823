import { describe, expect, it } from 'vitest';
import { THREAD_STATUSES } from '../../../shared/evidence-rules.js';
import { decisionStatusAgrees, nextThreadStatus, type ThreadEvent } from './thread-state.js';

/** The table of docs/decisions/0023, row by row and cell by cell. */
const TABLE: Record<ThreadEvent, Record<(typeof THREAD_STATUSES)[number], string | null>> = {
  evidence: { OPEN: 'PENDING_ADMIN', PENDING_USER: 'PENDING_ADMIN', PENDING_ADMIN: 'PENDING_ADMIN', RESOLVED: null },
  'owner-message': {
    OPEN: 'PENDING_ADMIN',
    PENDING_USER: 'PENDING_ADMIN',
    PENDING_ADMIN: 'PENDING_ADMIN',
    RESOLVED: null,
  },
  'staff-message': {
    OPEN: 'PENDING_USER',
    PENDING_USER: 'PENDING_USER',
    PENDING_ADMIN: 'PENDING_USER',
    RESOLVED: null,
  },
  decision: { OPEN: 'RESOLVED', PENDING_USER: 'RESOLVED', PENDING_ADMIN: 'RESOLVED', RESOLVED: null },
};

describe('nextThreadStatus', () => {
  for (const [event, row] of Object.entries(TABLE) as [ThreadEvent, Record<string, string | null>][]) {
    for (const from of THREAD_STATUSES) {
      it(`${event} from ${from} → ${row[from] ?? 'refused'}`, () => {
        expect(nextThreadStatus(from, event)).toBe(row[from]);
      });
    }
  }
});

describe('decisionStatusAgrees', () => {
  it.each([
    ['APPROVED', undefined, true],
    ['APPROVED', 'WAIVED', true],
    ['APPROVED', 'PASS', false],
    ['APPROVED', 'FAIL', false],
    ['REJECTED', undefined, true],
    ['REJECTED', 'FAIL', true],
    ['REJECTED', 'WAIVED', false],
    ['REJECTED', 'PASS', false],
  ] as const)('%s with status %s: %s', (decision, status, agrees) => {
    expect(decisionStatusAgrees(decision, status)).toBe(agrees);
  });
});
