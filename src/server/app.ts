import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Socket } from 'node:net';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { OAUTH_CALLBACK_PATH } from '../shared/contracts/auth.js';
import type { AppContext } from './app-context.js';
import type { AppConfig } from './config.js';
import { TokenSealer } from './crypto.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { DatabaseHandle } from './db/client.js';
import { DiscordOAuthClient } from './integrations/discord/oauth-client.js';
import { discordUsersAt } from './integrations/discord/user-client.js';
import type { DemoClock } from './demo/demo-clock.js';
import type { AuditWorker } from './jobs/audit-worker.js';
import { LOG_SERIALIZERS } from './log-safety.js';
import { auditQueueDepth } from './metrics/audit-queue-depth.js';
import { registerHttpMetrics } from './metrics/http-metrics.js';
import { createMetrics } from './metrics/metrics.js';
import { createAuditsModule } from './modules/audits/module.js';
import { createCertificatesModule } from './modules/certificates/routes.js';
import { createCouponsModule } from './modules/coupons/routes.js';
import { mayReadThread } from './modules/evidence/access.js';
import { createEvidenceModule } from './modules/evidence/module.js';
import { createCryptoSubscriptionsModule } from './modules/crypto-subscriptions/module.js';
import { createMonitoringModule } from './modules/monitoring/module.js';
import type { PeriodicSweep } from './jobs/periodic-sweep.js';
import type { SubscriptionSweep } from './modules/crypto-subscriptions/sweep.js';
import type { WaiverSweep } from './modules/evidence/waiver-sweep.js';
import type { RenderQueue } from './pdf/render-queue.js';
import { endSocketsOfDeletedSessions, registerSessionLoading, sessionAuthenticator } from './modules/auth/session.js';
import { createSessionStore } from './modules/auth/session-store.js';
import { serverModules } from './modules/modules.js';
import { registerModules } from './modules/server-module.js';
import { registerCompression } from './plugins/compression.js';
import { answerClientError, registerErrorHandling, sendError } from './plugins/error-handler.js';
import { registerHostRedirect } from './plugins/host-redirect.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { REQUEST_ID_HEADER, REQUEST_ID_OPTIONS, registerRequestId, requestIdMixin } from './plugins/request-id.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { databaseCounters, redisCounters, sharedRateLimitStore } from './plugins/rate-limit-stores.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { attachRealtime, type Realtime } from './realtime/socket.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the Discord simulator under DISCORD_SIMULATOR_PREFIX (demo mode). */
  serveDiscordSimulator?: boolean;
  /** Serve the NOWPayments simulator under NOWPAYMENTS_SIMULATOR_PREFIX (demo mode). */
  serveNowPaymentsSimulator?: boolean;
  /** Serve the price feed, Ethereum and Solana simulators and the simulated wallet (demo mode). */
  serveChainSimulators?: boolean;
  /** Where the simulator keeps bot invites across restarts. */
  simulatorStatePath?: string;
  /** Serve the Stripe simulator on its own port (demo mode; config-stripe.ts). */
  serveStripeSimulator?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** Run queued audits in this process (default true). */
  runAuditWorker?: boolean;
  auditWorkerPollMs?: number;
  /** Where PDF renders wait their turn (default: one per app, at most 8 waiting). */
  reportQueue?: RenderQueue;
  /** The clock waivers are granted, applied and expire by, and certificates are issued and expire by (default: the system's). */
  now?: () => Date;
  /** Serve GET /_sim/clock and POST /_sim/clock/advance for this clock, given as `now` too (demo mode). */
  demoClock?: DemoClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditWorker: AuditWorker;
    /** Tells owners of waivers about to expire or expired; started and stopped with the app. */
    waiverSweep: WaiverSweep;
    /** Lapses unpaid crypto subscriptions and reminds owners before a payment is due. */
    subscriptionSweep: SubscriptionSweep;
    /** The change feed the read caches follow; `barrier()` waits until they have every committed change. */
    changes: ChangeFeed;
    /** Queues monitored servers' scheduled audits and retries drift alerts' Discord messages. */
    monitoringScheduler: PeriodicSweep;
    /** This instance's real-time server (tests publish through it as a module would). */
    realtime: Realtime;
  }
}

/**
 * Requests are validated by their zod declarations and answers serialised by schemas compiled from them
 * (docs/decisions/0018). Given as the compiler factories (what setValidatorCompiler installs too), they keep
 * Fastify from loading its default ajv at start-up. Fastify types the factories after ajv's; at run time
 * each returns a route schema compiler.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: LOG_SERIALIZERS,
            // Lines the app's logger writes while serving a request (services log through it) carry its id.
            mixin: requestIdMixin,
            ...(options.logDestination !== undefined
              ? { stream: options.logDestination }
              : // People read a terminal; machines read JSON.
                process.stdout.isTTY
                ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
                : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ...REQUEST_ID_OPTIONS,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Errors raised before routing (bad percent-encoding, an over-long path parameter, malformed HTTP)
    // leave in the same envelope as every other error.
    frameworkErrors(error, request, reply) {
      reply.header(REQUEST_ID_HEADER, request.id);
      sendError(error, request, reply);
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      answerClientError(this.log, error, socket);
    },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  registerRequestId(app);
  registerHostRedirect(app, config.publicUrl);
  registerErrorHandling(app);
  await registerCompression(app);

  await app.register(cookie);
  registerInputGuard(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    rateLimitStore: await rateLimitStore(app, config, database),
  });

  const changes = await database.openChangeFeed((message) => app.log.warn(message));
  app.decorate('changes', changes);
  app.addHook('onClose', async () => changes.close());
  const services = {
    config,
    log: app.log,
    db: database.db,
    changes,
    sessions: createSessionStore(database.db, changes),
    pingDatabase: () => database.ping(),
    sealer: new TokenSealer(config.sessionSecret),
    oauth: new DiscordOAuthClient(config.discord, `${config.publicUrl}${OAUTH_CALLBACK_PATH}`),
    discordUsers: discordUsersAt(config.discord.apiUrl),
  };
  const metrics = createMetrics({ auditQueueDepth: () => auditQueueDepth(database.db) });
  if (config.metricsToken !== undefined) registerHttpMetrics(app, metrics);
  const realtime = await attachRealtime(app, {
    authenticate: sessionAuthenticator(services),
    mayReadThread: (reader, threadId) => mayReadThread(services.db, reader, threadId),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    publicUrl: config.publicUrl,
    log: app.log,
    connections: metrics.realtimeConnections,
  });
  app.decorate('realtime', realtime);
  const ctx: AppContext = { ...services, realtime, metrics };
  registerSessionLoading(app, ctx);
  endSocketsOfDeletedSessions(ctx);

  const monitoring = createMonitoringModule(ctx, {
    now: options.now ?? (() => new Date()),
    nudgeWorker: () => audits.worker.poll(),
  });
  app.decorate('monitoringScheduler', monitoring.scheduler);
  const audits = createAuditsModule(ctx, {
    lifecycle: monitoring.lifecycle,
    ...(options.auditWorkerPollMs === undefined ? {} : { workerPollMs: options.auditWorkerPollMs }),
    ...(options.reportQueue === undefined ? {} : { reportQueue: options.reportQueue }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const evidence = createEvidenceModule(ctx, options.now === undefined ? {} : { now: options.now });
  app.decorate('auditWorker', audits.worker);
  app.decorate('waiverSweep', evidence.sweep);
  const coupons = createCouponsModule({ startAudit: audits.startAudit, now: options.now ?? (() => new Date()) });
  const crypto = createCryptoSubscriptionsModule(ctx, options.now === undefined ? {} : { now: options.now });
  app.decorate('subscriptionSweep', crypto.sweep);
  const certificates = createCertificatesModule({ now: options.now ?? (() => new Date()) });
  await registerModules(
    app,
    ctx,
    serverModules(audits.module, evidence.module, coupons, crypto.module, certificates, monitoring.module),
  );
  if (options.runAuditWorker !== false) app.addHook('onReady', async () => audits.worker.start());
  app.addHook('onReady', async () => evidence.sweep.start());
  app.addHook('onReady', async () => crypto.sweep.start());
  app.addHook('onReady', async () => monitoring.scheduler.start());
  app.addHook('preClose', async () => {
    await Promise.all([audits.worker.stop(), evidence.sweep.stop(), crypto.sweep.stop(), monitoring.scheduler.stop()]);
    await realtime.close();
  });

  if (options.serveDiscordSimulator === true) {
    // Loaded only in demo mode: production never loads the simulator's code.
    const { serveDiscordSimulator } = await import('./demo/discord-simulator.js');
    await serveDiscordSimulator(app, config, {
      ...(options.simulatorStatePath === undefined ? {} : { statePath: options.simulatorStatePath }),
    });
  }

  if (options.serveNowPaymentsSimulator === true && config.nowPayments !== null) {
    const { serveNowPaymentsSimulator } = await import('./demo/nowpayments-simulator.js');
    await serveNowPaymentsSimulator(app, config.nowPayments, config.publicUrl);
  }
  if (options.serveStripeSimulator === true) {
    const { serveStripeSimulator } = await import('./demo/stripe-simulator.js');
    await serveStripeSimulator(app, config);
  }
  if (options.demoClock !== undefined) {
    const { serveDemoClock } = await import('./demo/demo-clock.js');
    serveDemoClock(app, options.demoClock);
  }
  if (options.serveChainSimulators === true) {
    const { serveChainSimulators } = await import('./demo/chain-simulators.js');
    await serveChainSimulators(app);
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Rate-limit counters every instance shares: in Redis when configured, otherwise in the database. */
async function rateLimitStore(app: FastifyInstance, config: AppConfig, database: DatabaseHandle) {
  if (config.redisUrl === undefined) return sharedRateLimitStore(databaseCounters(database.db));
  // Loaded only with REDIS_URL: a single instance never needs the Redis client.
  const { createClient } = await import('redis');
  const client = createClient({ url: config.redisUrl });
  await client.connect();
  app.addHook('onClose', async () => {
    await client.quit();
  });
  return sharedRateLimitStore(redisCounters(client, config.redisKeyPrefix));
}
