import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the triggers of drizzle/0005_change_notifications.sql announce changes on. */
export const CHANGES_CHANNEL = 'rampart_changes';

/** One committed change: what kind of row (`session`, `user`, `user-servers`, `audit`) and its key. */
export interface Change {
  kind: string;
  key: string;
}

/**
 * Called with each committed change, in commit order; called with null whenever the feed stops or starts
 * listening again, since changes committed meanwhile were not seen: anything may have changed.
 */
export type ChangeHandler = (change: Change | null) => void;

/**
 * The database's announcements of committed changes to this process (docs/decisions/0017). A cache built
 * on it may trust itself only while `listening`.
 */
export interface ChangeFeed {
  readonly listening: boolean;
  /** Follows the feed for as long as it runs (the app's lifetime). */
  onChange(handler: ChangeHandler): void;
  /**
   * Resolves once every change committed before the call has reached this instance's handlers: the
   * feed sends itself a notice and waits for it, and notices arrive in commit order. A writer calls it
   * before answering, so its own instance never serves what it has just changed (reads its writes).
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

function parseChange(payload: string): Change | null {
  const colon = payload.indexOf(':');
  return colon <= 0 ? null : { kind: payload.slice(0, colon), key: payload.slice(colon + 1) };
}

/** Kind of the notices a feed sends itself for `barrier()`; no cache follows it. */
const BARRIER_KIND = 'barrier';
/** A barrier whose notice does not come back within this long means the listener is lost. */
const BARRIER_TIMEOUT_MS = 5000;

/** Handlers and waiters shared by both databases' feeds. */
class ChangeDispatch {
  listening = false;
  private readonly handlers = new Set<ChangeHandler>();
  /** Barriers waiting for their notice, by payload. */
  private readonly waiters = new Map<string, () => void>();
  private readonly id = randomUUID();
  private barriers = 0;

  onChange(handler: ChangeHandler): void {
    this.handlers.add(handler);
  }

  receive(payload: string): void {
    const change = parseChange(payload);
    if (change === null) return;
    for (const handler of this.handlers) handler(change);
    this.waiters.get(payload)?.();
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    for (const handler of this.handlers) handler(null);
    if (!listening) this.releaseWaiters();
  }

  /**
   * Sends a barrier notice through `send` and resolves when it comes back, or calls `lost` if it does
   * not within BARRIER_TIMEOUT_MS. Resolves at once when not listening: caches are bypassed then.
   */
  async barrier(send: (payload: string) => Promise<unknown>, lost: () => void): Promise<void> {
    if (!this.listening) return;
    this.barriers += 1;
    const payload = `${BARRIER_KIND}:${this.id}-${this.barriers}`;
    const back = new Promise<void>((resolve) => this.waiters.set(payload, resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        lost();
        resolve();
      }, BARRIER_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await send(payload);
      await Promise.race([back, late]);
    } catch {
      lost();
    } finally {
      clearTimeout(timer);
      this.waiters.delete(payload);
    }
  }

  releaseWaiters(): void {
    for (const resolve of this.waiters.values()) resolve();
  }
}

/** PGlite runs in this process and is its only client: its notices come with the answers of its own queries. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const dispatch = new ChangeDispatch();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => dispatch.receive(payload));
  dispatch.setListening(true);
  return {
    get listening() {
      return dispatch.listening;
    },
    onChange: (handler) => dispatch.onChange(handler),
    barrier: () =>
      dispatch.barrier(
        (payload) => client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]),
        // Nothing can be lost in process; a barrier stuck behind slow queries only empties the caches.
        () => dispatch.setListening(true),
      ),
    close: async () => {
      dispatch.setListening(false);
      await unlisten();
    },
  };
}

export interface PostgresFeedOptions {
  url: string;
  /** How often the listening connection proves it is alive; a silent loss is noticed within about twice this. */
  heartbeatMs?: number;
  /** First wait before connecting again after a loss; doubled after each failed attempt, up to 30 s. */
  reconnectMs?: number;
  warn(message: string): void;
}

const MAX_RECONNECT_MS = 30_000;
/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const CHANGE_FEED_APPLICATION_NAME = 'rampart-change-feed';

/**
 * PostgreSQL: one dedicated connection (not from the pool) runs LISTEN. When it fails, ends or stops
 * answering its heartbeat the feed stops listening at once, and connects again until LISTEN succeeds.
 */
export async function postgresChangeFeed(options: PostgresFeedOptions): Promise<ChangeFeed> {
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const firstReconnectMs = options.reconnectMs ?? 1000;
  let reconnectMs = firstReconnectMs;
  const dispatch = new ChangeDispatch();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  const lose = (connection: pg.Client, reason: string) => {
    if (connection !== client) return;
    client = undefined;
    dispatch.setListening(false);
    connection.removeAllListeners('notification');
    void connection.end().catch(() => undefined);
    if (closed) return;
    options.warn(`change feed lost (${reason}); read caches are bypassed until it listens again`);
    reconnect = setTimeout(() => void connect().catch(() => undefined), reconnectMs);
    reconnect.unref();
    reconnectMs = Math.min(reconnectMs * 2, MAX_RECONNECT_MS);
  };

  const connect = async () => {
    const connection = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: CHANGE_FEED_APPLICATION_NAME,
    });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined) dispatch.receive(message.payload);
    });
    connection.on('error', (error) => lose(connection, error.message));
    connection.on('end', () => lose(connection, 'connection ended'));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lose(connection, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (connection !== client) return;
    reconnectMs = firstReconnectMs;
    dispatch.setListening(true);
  };

  const heartbeat = setInterval(() => {
    const connection = client;
    if (connection === undefined || !dispatch.listening) return;
    const timeout = setTimeout(() => lose(connection, 'heartbeat unanswered'), heartbeatMs);
    timeout.unref();
    connection.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        lose(connection, error instanceof Error ? error.message : String(error));
      },
    );
  }, heartbeatMs);
  heartbeat.unref();

  // A database that refuses LISTEN at first still serves: uncached, while the feed keeps trying.
  await connect().catch(() => undefined);
  return {
    get listening() {
      return dispatch.listening;
    },
    onChange: (handler) => dispatch.onChange(handler),
    barrier: async () => {
      const connection = client;
      if (connection === undefined) return;
      await dispatch.barrier(
        (payload) => connection.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]),
        () => lose(connection, 'barrier unanswered'),
      );
    },
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      const connection = client;
      client = undefined;
      dispatch.setListening(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
