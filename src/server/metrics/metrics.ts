import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What some instruments read at scrape time rather than count as things happen. */
export interface MetricSources {
  auditQueueDepth(): Promise<{ pending: number; running: number }>;
}

/**
 * The instance's Prometheus metrics (issue 12), one registry per app so several apps in one process (tests)
 * never share counters. Modules receive it through the AppContext and only touch the instruments below;
 * `GET /metrics` renders the registry.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'rampart_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status code.',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'rampart_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern and method.',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    auditRuns: new Histogram({
      name: 'rampart_audit_run_duration_seconds',
      help: 'Duration of audit runs, by outcome (completed, failed, lost_lease, missing) and trigger (manual, scheduled).',
      labelNames: ['outcome', 'trigger'] as const,
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    discordRestCalls: new Counter({
      name: 'rampart_discord_rest_calls_total',
      help: 'Requests made to Discord REST, by status code.',
      labelNames: ['status'] as const,
      registers,
    }),
    discordRateLimited: new Counter({
      name: 'rampart_discord_rate_limited_total',
      help: 'Discord answers of 429 Too Many Requests, by scope (user, shared, global).',
      labelNames: ['scope'] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'rampart_webhook_deliveries_total',
      help: 'Webhook deliveries: received from payment providers, or sent to Discord channels, by outcome.',
      labelNames: ['direction', 'provider', 'outcome'] as const,
      registers,
    }),
    auditQueueDepth: new Gauge({
      name: 'rampart_audit_queue_depth',
      help: 'Audits waiting (pending) or being run (running) across all instances, counted at scrape time.',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        const depth = await sources.auditQueueDepth();
        this.set({ status: 'pending' }, depth.pending);
        this.set({ status: 'running' }, depth.running);
      },
    }),
    realtimeConnections: new Gauge({
      name: 'rampart_realtime_connections',
      help: 'Real-time (socket.io) connections open on this instance.',
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
