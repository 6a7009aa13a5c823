import { endpoint } from './endpoint.js';

/**
 * Prometheus's scrape of one instance. Declared public because it needs no session: it is on only when
 * METRICS_TOKEN is set (404 otherwise, like an unknown path), and then every request must carry that
 * token as `Authorization: Bearer <token>` (401 otherwise).
 */
export const getMetrics = endpoint({
  name: 'getMetrics',
  method: 'GET',
  path: '/metrics',
  access: 'public',
  summary:
    'This instance’s Prometheus metrics, in the text exposition format. Off unless METRICS_TOKEN is set; then requires `Authorization: Bearer <METRICS_TOKEN>`.',
  response: { mediaType: 'text/plain; version=0.0.4', description: 'Prometheus text exposition format.' },
  status: 200,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});
