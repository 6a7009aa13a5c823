import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Socket } from 'node:net';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { type AppConfig, DISCORD_SIMULATOR_PREFIX } from './config.js';
import { TokenSealer } from './crypto.js';
import type { DatabaseHandle } from './db/client.js';
import { DiscordOAuthClient } from './integrations/discord/oauth-client.js';
import { apiDocsRoutes } from './modules/api-docs/routes.js';
import { authRoutes, CALLBACK_PATH } from './modules/auth/routes.js';
import { entitlementRoutes } from './modules/entitlements/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { serverRoutes } from './modules/servers/routes.js';
import { answerClientError, registerErrorHandling, sendError } from './plugins/error-handler.js';
import { registerHostRedirect } from './plugins/host-redirect.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { LOG_SERIALIZERS } from './log-safety.js';
import { registerSecurity } from './plugins/security.js';
import { databaseCounters, redisCounters, sharedRateLimitStore } from './plugins/rate-limit-stores.js';
import { cookieNames, registerSessionLoading } from './plugins/session.js';
import { registerWebApp } from './plugins/web-app.js';
import { AuditWorker } from './jobs/audit-worker.js';
import { usersOfServer } from './modules/audits/access.js';
import { auditRoutes } from './modules/audits/routes.js';
import { createRenderQueue, type RenderQueue } from './modules/audits/report-renderer.js';
import { createAuditRunner } from './modules/audits/runner.js';
import { publicConfigRoutes } from './modules/public-config/routes.js';
import { attachRealtime } from './realtime/socket.js';
import { createBotRest } from '../audit/collector.js';
import { createClient } from 'redis';
import type { Audit } from '../shared/contracts/audits.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the Discord simulator under DISCORD_SIMULATOR_PREFIX (demo mode). */
  serveDiscordSimulator?: boolean;
  /** Where the simulator keeps bot invites across restarts. */
  simulatorStatePath?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** Run queued audits in this process (default true). */
  runAuditWorker?: boolean;
  auditWorkerPollMs?: number;
  /** Where PDF renders wait their turn (default: one per app, at most 8 waiting). */
  reportQueue?: RenderQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditWorker: AuditWorker;
  }
}

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
            ...(options.logDestination !== undefined
              ? { stream: options.logDestination }
              : // People read a terminal; machines read JSON.
                process.stdout.isTTY
                ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
                : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Errors raised before routing (bad percent-encoding, an over-long path parameter, malformed HTTP)
    // leave in the same envelope as every other error.
    frameworkErrors(error, request, reply) {
      sendError(error, request, reply);
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      answerClientError(this.log, error, socket);
    },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  registerHostRedirect(app, config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  registerInputGuard(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    rateLimitStore: await rateLimitStore(app, config, database),
  });

  const realtime = await attachRealtime(app, {
    db: database.db,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
    sessionCookie: cookieNames(config).session,
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    sealer: new TokenSealer(config.sessionSecret),
    oauth: new DiscordOAuthClient(config.discord, `${config.publicUrl}${CALLBACK_PATH}`),
    realtime,
  };
  registerSessionLoading(app, ctx);

  await app.register(async (scope) => healthRoutes(scope, database));
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => entitlementRoutes(scope, ctx));
  await app.register(async (scope) => serverRoutes(scope, ctx));
  await app.register(async (scope) => publicConfigRoutes(scope, config));
  await app.register(async (scope) => apiDocsRoutes(scope, { sessionCookie: cookieNames(config).session }));

  // Best-effort: a lost push must never undo or fail what was already recorded (clients also poll).
  const notifyAuditChanged = async (audit: Audit) => {
    try {
      const userIds = await usersOfServer(database.db, audit.serverId);
      realtime.emitToUsers(userIds, 'audit.updated', audit);
    } catch (error) {
      app.log.warn({ err: error, auditId: audit.id }, 'could not push an audit update');
    }
  };
  const runner = createAuditRunner({
    db: database.db,
    rest: createBotRest(config.discord.botToken, config.discord.apiUrl),
    log: app.log,
    notify: notifyAuditChanged,
  });
  const worker = new AuditWorker({
    db: database.db,
    log: app.log,
    instanceId: config.instanceId,
    run: runner.run,
    giveUp: runner.giveUp,
    ...(options.auditWorkerPollMs === undefined ? {} : { pollIntervalMs: options.auditWorkerPollMs }),
  });
  app.decorate('auditWorker', worker);
  await app.register(async (scope) =>
    auditRoutes(scope, ctx, {
      onAuditQueued: () => worker.poll(),
      onAuditChanged: notifyAuditChanged,
      reportQueue: options.reportQueue ?? createRenderQueue(),
    }),
  );
  if (options.runAuditWorker !== false) app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    await worker.stop();
    await realtime.close();
  });

  if (options.serveDiscordSimulator === true) {
    const { discordSimulator } = await import('../simulators/discord/plugin.js');
    await app.register(discordSimulator, {
      prefix: DISCORD_SIMULATOR_PREFIX,
      clientId: config.discord.clientId,
      clientSecret: config.discord.clientSecret,
      botToken: config.discord.botToken,
      redirectUris: [`${config.publicUrl}${CALLBACK_PATH}`],
      ...(options.simulatorStatePath === undefined ? {} : { statePath: options.simulatorStatePath }),
    });
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Rate-limit counters every instance shares: in Redis when configured, otherwise in the database. */
async function rateLimitStore(app: FastifyInstance, config: AppConfig, database: DatabaseHandle) {
  if (config.redisUrl === undefined) return sharedRateLimitStore(databaseCounters(database.db));
  const client = createClient({ url: config.redisUrl });
  await client.connect();
  app.addHook('onClose', async () => {
    await client.quit();
  });
  return sharedRateLimitStore(redisCounters(client));
}
