import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SIMULATED_DISCORD_APP } from '../../../src/server/config.js';
import { startDiscordSimulator, type RunningDiscordSimulator } from '../../../src/simulators/discord/standalone.js';
import { freePort, startServerProcess, type ServerProcess } from '../../e2e/support/server-process.js';
import { startLoadBalancer, type LoadBalancer } from './load-balancer.js';

export interface Instance {
  name: 'a' | 'b';
  port: number;
  process: ServerProcess;
}

export interface Cluster {
  lb: LoadBalancer;
  simulator: RunningDiscordSimulator;
  /** Connected to the instances' database, for what only the database can tell (attempts, triggers). */
  db: pg.Pool;
  instances: [Instance, Instance];
  /** Stops both instances with SIGTERM; their exit codes, a then b. */
  stopInstances(): Promise<(number | null)[]>;
  close(): Promise<void>;
}

/**
 * Two real server processes (`npm start`) on one fresh PostgreSQL database and one Redis, behind a round-robin
 * load balancer whose address is their PUBLIC_URL, calling one shared Discord simulator.
 */
export async function startCluster(options: {
  databaseUrl: string;
  redisUrl: string;
  env: Record<string, string>;
}): Promise<Cluster> {
  const ports = [await freePort(), await freePort()] as const;
  const lb = await startLoadBalancer(ports);
  const simulator = await startDiscordSimulator({
    ...SIMULATED_DISCORD_APP,
    redirectUris: [`${lb.url}/api/auth/discord/callback`],
  });
  const runId = randomBytes(6).toString('hex');
  const databaseName = `scale_out_${runId}`;
  await adminQuery(options.databaseUrl, `CREATE DATABASE ${databaseName}`);
  const databaseUrl = withPath(options.databaseUrl, `/${databaseName}`);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dataDirs: string[] = [];
  const instances: Instance[] = [];
  const stopped = new Map<string, number | null>();

  const close = async () => {
    for (const instance of instances)
      if (!stopped.has(instance.name)) await instance.process.stop('SIGKILL', 5000).catch(() => undefined);
    await lb.close();
    await simulator.close();
    await db.end();
    await adminQuery(options.databaseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };

  try {
    // One after the other: the first start builds what is stale and migrates the empty database.
    for (const [index, name] of (['a', 'b'] as const).entries()) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `rampart-scale-out-${name}-`));
      dataDirs.push(dataDir);
      const port = ports[index] ?? 0;
      const server = await startServerProcess({
        dataDir,
        port,
        publicUrl: lb.url,
        env: {
          ...options.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: options.redisUrl,
          // Counters and socket.io channels of this run only: other tests share the Redis and flush nothing.
          REDIS_KEY_PREFIX: `rampart-scale-out-${runId}`,
          INSTANCE_ID: name,
          // Demo mode (no DISCORD_CLIENT_ID), but every instance calls the one shared simulator.
          DISCORD_API_URL: `${simulator.url}/api`,
          DISCORD_AUTHORIZE_URL: `${simulator.url}/oauth2/authorize`,
          // The load balancer appends the client's address; only it is believed.
          TRUST_PROXY: '127.0.0.1',
        },
      });
      instances.push({ name, port, process: server });
    }
  } catch (error) {
    await close();
    throw error;
  }

  return {
    lb,
    simulator,
    db,
    instances: instances as [Instance, Instance],
    stopInstances: async () => {
      const codes = await Promise.all(instances.map((instance) => instance.process.stop('SIGTERM')));
      instances.forEach((instance, index) => stopped.set(instance.name, codes[index] ?? null));
      return codes;
    },
    close,
  };
}

function withPath(url: string, pathname: string): string {
  const parsed = new URL(url);
  parsed.pathname = pathname;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
