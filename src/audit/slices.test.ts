import { describe, expect, it } from 'vitest';
import { parseAuditSnapshot, parseAuditSnapshotSteps } from '../shared/audit-snapshot-schema.js';
import { runAudit, runAuditSteps } from './engine.js';
import { runInSlices } from './slices.js';
import { makeLargeSnapshot } from './testing/make-large-snapshot.js';

/** Validation and evaluation in slices (as the server runs them) give exactly what one synchronous run gives. */

const SIZE = { roles: 60, channels: 120, members: 8_000 };

/** A fresh copy each time: the guild index is cached per snapshot object, and each run must build its own. */
function largeSnapshotWithOddItems(): unknown {
  const snapshot = makeLargeSnapshot(SIZE);
  const members: unknown[] = snapshot.members ?? [];
  // Unreadable items are set aside in skippedItems, in the same order either way.
  members.splice(10, 0, { user: { id: 'not-an-id', username: 'x' }, roles: [] });
  members.push({ roles: 'none' });
  return JSON.parse(JSON.stringify(snapshot));
}

/** Counts how often other work got a turn while `work` ran. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const tick = (): void => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work;
  done = true;
  return { result, turns };
}

describe('runInSlices', () => {
  it('validates a snapshot to the same result as parseAuditSnapshot, letting other work run in between', async () => {
    const expected = parseAuditSnapshot(largeSnapshotWithOddItems());
    const { result, turns } = await turnsDuring(runInSlices(parseAuditSnapshotSteps(largeSnapshotWithOddItems()), 0));
    expect(result).toEqual(expected);
    expect(result.ok && result.snapshot.skippedItems?.map((item) => item.part)).toEqual(['members', 'members']);
    expect(turns).toBeGreaterThan(10);
  });

  it('evaluates a snapshot to the same report as runAudit, letting other work run in between', async () => {
    const parse = (input: unknown) => {
      const parsed = parseAuditSnapshot(input);
      if (!parsed.ok) throw new Error(parsed.issues.join('; '));
      return parsed.snapshot;
    };
    const context = { ownerMfaEnabled: false };
    const expected = runAudit(parse(largeSnapshotWithOddItems()), context);
    const { result, turns } = await turnsDuring(
      runInSlices(runAuditSteps(parse(largeSnapshotWithOddItems()), context), 0),
    );
    expect(result).toEqual(expected);
    expect(result.checks).toHaveLength(20);
    // One turn per check at least, and more while the member index is built.
    expect(turns).toBeGreaterThan(20);
  });

  it('runs the steps without pausing while the slice budget lasts', async () => {
    function* threeSteps(): Generator<void, string> {
      yield;
      yield;
      yield;
      return 'done';
    }
    const { result, turns } = await turnsDuring(runInSlices(threeSteps(), 60_000));
    expect(result).toBe('done');
    expect(turns).toBe(0);
  });
});
