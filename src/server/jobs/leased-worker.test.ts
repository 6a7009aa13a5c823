import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type GiveUpCause, type LeasedJob, type LeasedQueue, LeasedWorker } from './leased-worker.js';

interface Chore extends LeasedJob {
  token: number;
}

interface ChoreRow {
  id: string;
  state: 'queued' | 'leased' | 'done' | 'failed';
  attempts: number;
  holder: string | null;
  token: number | null;
  leaseUntil: number;
  renewals: number;
  cause: GiveUpCause | null;
}

/** The smallest honest leased queue: rows in memory, every write after a claim fenced by its token. */
class MemoryQueue implements LeasedQueue<Chore> {
  readonly noun = 'chore';
  readonly rows = new Map<string, ChoreRow>();
  private nextToken = 1;

  add(id: string, row: Partial<ChoreRow> = {}): void {
    this.rows.set(id, {
      id,
      state: 'queued',
      attempts: 0,
      holder: null,
      token: null,
      leaseUntil: 0,
      renewals: 0,
      cause: null,
      ...row,
    });
  }

  row(id: string): ChoreRow {
    const row = this.rows.get(id);
    if (row === undefined) throw new Error(`no chore ${id}`);
    return row;
  }

  complete(chore: Chore): void {
    const row = this.held(chore);
    if (row !== undefined) Object.assign(row, { state: 'done', holder: null, token: null });
  }

  reclaimOwn(instanceId: string): Promise<string[]> {
    const mine = [...this.rows.values()].filter((row) => row.state === 'leased' && row.holder === instanceId);
    for (const row of mine) Object.assign(row, { state: 'queued', holder: null, token: null });
    return Promise.resolve(mine.map((row) => row.id));
  }

  claimNext(instanceId: string, leaseSeconds: number): Promise<Chore | null> {
    const free = [...this.rows.values()].find(
      (row) => row.state === 'queued' || (row.state === 'leased' && row.leaseUntil < Date.now()),
    );
    if (free === undefined) return Promise.resolve(null);
    const token = this.nextToken++;
    Object.assign(free, {
      state: 'leased',
      attempts: free.attempts + 1,
      holder: instanceId,
      token,
      leaseUntil: Date.now() + leaseSeconds * 1000,
    });
    return Promise.resolve({ id: free.id, attempts: free.attempts, token });
  }

  renew(chore: Chore, leaseSeconds: number): Promise<void> {
    const row = this.held(chore);
    if (row !== undefined)
      Object.assign(row, { leaseUntil: Date.now() + leaseSeconds * 1000, renewals: row.renewals + 1 });
    return Promise.resolve();
  }

  handBack(chore: Chore): Promise<void> {
    const row = this.held(chore);
    if (row !== undefined)
      Object.assign(row, { state: 'queued', attempts: row.attempts - 1, holder: null, token: null });
    return Promise.resolve();
  }

  giveUp(chore: Chore, cause: GiveUpCause): Promise<void> {
    const row = this.held(chore);
    if (row !== undefined) Object.assign(row, { state: 'failed', holder: null, token: null, cause });
    return Promise.resolve();
  }

  private held(chore: Chore): ChoreRow | undefined {
    const row = this.rows.get(chore.id);
    return row?.state === 'leased' && row.token === chore.token ? row : undefined;
  }
}

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const INSTANCE = 'host-a:3000';
let current: LeasedWorker<Chore> | undefined;
afterEach(async () => current?.stop(0));

function setUp(run: (queue: MemoryQueue, chore: Chore, signal: AbortSignal) => Promise<void>, overrides = {}) {
  const queue = new MemoryQueue();
  const logs: LogLine[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const worker = new LeasedWorker<Chore>({
    queue,
    log,
    instanceId: INSTANCE,
    run: (chore, signal) => run(queue, chore, signal),
    pollIntervalMs: 20,
    ...overrides,
  });
  current = worker;
  return { queue, logs, worker };
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the leased worker', () => {
  it('runs every queued job once, never more at a time than allowed', async () => {
    let now = 0;
    let most = 0;
    const { queue, worker } = setUp(
      async (q, chore) => {
        now += 1;
        most = Math.max(most, now);
        await sleep(30);
        now -= 1;
        q.complete(chore);
      },
      { maxConcurrent: 2 },
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) queue.add(id);
    await worker.start();
    await until(() => [...queue.rows.values()].every((row) => row.state === 'done'));
    expect(most).toBe(2);
    expect([...queue.rows.values()].map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1]);
  });

  it('looks for work at once when nudged instead of waiting for the next tick', async () => {
    const { queue, worker } = setUp(
      (q, chore) => {
        q.complete(chore);
        return Promise.resolve();
      },
      { pollIntervalMs: 60_000 },
    );
    await worker.start();
    // The first look (made by start) has found nothing by now.
    await sleep(20);
    queue.add('late');
    worker.poll();
    await until(() => queue.row('late').state === 'done', 500);
  });

  it('keeps the lease fresh while a job runs', async () => {
    const { queue, worker } = setUp(
      async (q, chore) => {
        await sleep(800);
        q.complete(chore);
      },
      { leaseMs: 1000 },
    );
    queue.add('long');
    await worker.start();
    await until(() => queue.row('long').state === 'done');
    expect(queue.row('long').renewals).toBeGreaterThanOrEqual(2);
  });

  it('hands unfinished jobs back uncounted at a stop, tells their runs, and runs them again after a start', async () => {
    let aborted = false;
    let runs = 0;
    let release = () => {};
    const { queue, worker } = setUp(async (q, chore, signal) => {
      signal.addEventListener('abort', () => {
        aborted = true;
      });
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      q.complete(chore);
    });
    queue.add('slow');
    await worker.start();
    await until(() => queue.row('slow').state === 'leased');
    await worker.stop(0);
    expect(queue.row('slow')).toMatchObject({ state: 'queued', attempts: 0, holder: null, token: null });
    expect(aborted).toBe(true);

    // The old run ends late: its write no longer matches the claim.
    release();
    await sleep(10);
    expect(queue.row('slow').state).toBe('queued');

    await worker.start();
    await until(() => queue.row('slow').state === 'done');
    expect(queue.row('slow').attempts).toBe(1);
  });

  it('takes back at start the jobs its own instance held before, and leaves live leases of others alone', async () => {
    const { queue, logs, worker } = setUp((q, chore) => {
      q.complete(chore);
      return Promise.resolve();
    });
    const inAMinute = Date.now() + 60_000;
    queue.add('orphan', { state: 'leased', attempts: 1, holder: INSTANCE, token: 100, leaseUntil: inAMinute });
    queue.add('elsewhere', { state: 'leased', attempts: 1, holder: 'host-b:3000', token: 101, leaseUntil: inAMinute });
    await worker.start();
    await until(() => queue.row('orphan').state === 'done');
    expect(queue.row('orphan').attempts).toBe(2);
    expect(queue.row('elsewhere')).toMatchObject({ state: 'leased', holder: 'host-b:3000', attempts: 1 });
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: 'took back chores interrupted by the previous run of this instance',
        choreIds: ['orphan'],
      }),
    );
  });

  it('gives up a job interrupted more often than allowed, without running it', async () => {
    let runs = 0;
    const { queue, worker } = setUp(
      () => {
        runs += 1;
        return Promise.resolve();
      },
      { maxAttempts: 3 },
    );
    queue.add('cursed', { state: 'leased', attempts: 3, holder: 'gone:1', token: 7, leaseUntil: Date.now() - 1 });
    await worker.start();
    await until(() => queue.row('cursed').state === 'failed');
    expect(queue.row('cursed')).toMatchObject({ attempts: 4, cause: 'interrupted-repeatedly' });
    expect(runs).toBe(0);
  });

  it('gives up a job whose run throws, and says so in the log', async () => {
    const { queue, logs, worker } = setUp(() => Promise.reject(new Error('boom')));
    queue.add('broken');
    await worker.start();
    await until(() => queue.row('broken').state === 'failed');
    expect(queue.row('broken').cause).toBe('crashed');
    expect(logs).toContainEqual(expect.objectContaining({ msg: 'chore run crashed', choreId: 'broken' }));
  });
});
