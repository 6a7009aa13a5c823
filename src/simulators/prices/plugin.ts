import type { FastifyPluginAsync } from 'fastify';

/**
 * USD prices by CoinGecko coin id; `stale` puts last_updated_at an hour back; `rateLimited` answers every
 * price request 429 as CoinGecko does when a key's quota is spent.
 */
export interface PriceTable {
  usd: Record<string, number>;
  stale: boolean;
  rateLimited: boolean;
}

export function createPriceTable(): PriceTable {
  return { usd: { ethereum: 3012.45, solana: 151.2, 'usd-coin': 1 }, stale: false, rateLimited: false };
}

/**
 * CoinGecko's `GET /api/v3/simple/price` over a table tests and the demo can change through `/__sim/prices`
 * (the NOWPayments simulator's estimates may read the same table).
 */
export const priceSimulator: FastifyPluginAsync<{ table?: PriceTable }> = async (app, options) => {
  const table = options.table ?? createPriceTable();

  app.get('/api/v3/simple/price', async (request, reply) => {
    if (table.rateLimited) {
      return reply.code(429).send({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } });
    }
    const query = request.query as Record<string, string | undefined>;
    const ids = (query.ids ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const currencies = (query.vs_currencies ?? '').split(',').map((currency) => currency.trim().toLowerCase());
    if (ids.length === 0 || !currencies.includes('usd')) {
      return reply.code(400).send({ error: 'Missing parameter ids or vs_currencies' });
    }
    const updatedAt = Math.floor(Date.now() / 1000) - (table.stale ? 3600 : 0);
    const answer: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const usd = table.usd[id];
      if (usd === undefined) continue;
      answer[id] = { usd, ...(query.include_last_updated_at === 'true' ? { last_updated_at: updatedAt } : {}) };
    }
    return answer;
  });

  app.get('/__sim/prices', async () => table);
  app.post('/__sim/prices', async (request, reply) => {
    const body = (request.body ?? {}) as { usd?: unknown; stale?: unknown; rateLimited?: unknown };
    const prices = typeof body.usd === 'object' && body.usd !== null ? Object.entries(body.usd) : [];
    if (prices.some(([, price]) => typeof price !== 'number' || !(price > 0))) {
      return reply.code(400).send({ error: 'usd must map coin ids to positive numbers' });
    }
    for (const [id, price] of prices) table.usd[id] = price as number;
    if (typeof body.stale === 'boolean') table.stale = body.stale;
    if (typeof body.rateLimited === 'boolean') table.rateLimited = body.rateLimited;
    return table;
  });
};
