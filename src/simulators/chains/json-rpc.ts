import type { FastifyInstance } from 'fastify';

/** A JSON-RPC 2.0 error a method throws; the envelope carries its code and message. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type RpcMethod = (params: unknown[]) => unknown;

interface RpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

function answer(methods: Readonly<Record<string, RpcMethod>>, request: unknown): object {
  const call = (typeof request === 'object' && request !== null ? request : {}) as RpcRequest;
  const id = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null;
  if (call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } };
  }
  const method = methods[call.method];
  if (method === undefined) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  const params = Array.isArray(call.params) ? (call.params as unknown[]) : [];
  try {
    return { jsonrpc: '2.0', id, result: method(params) };
  } catch (error) {
    if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } };
  }
}

/**
 * `POST /` as a JSON-RPC 2.0 endpoint: one request object answers one response, an array (a batch) answers
 * an array in the same order; unknown methods answer -32601 as nodes do.
 */
export function registerJsonRpc(app: FastifyInstance, methods: Readonly<Record<string, RpcMethod>>): void {
  app.post('/', async (request) => {
    const body: unknown = request.body;
    if (Array.isArray(body)) {
      if (body.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
      return body.map((item) => answer(methods, item));
    }
    return answer(methods, body);
  });
}

/** A whole number from a JSON body field (a number or a digit string), or undefined. */
export function baseUnits(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value) && BigInt(value) > 0n) return BigInt(value);
  return undefined;
}
