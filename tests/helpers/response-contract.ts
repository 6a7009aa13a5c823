import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** An answer that broke its endpoint's declaration, or left the server other than zod would have written it. */
export interface ContractViolation {
  route: string;
  problem: string;
}

/**
 * Checks every declared JSON answer of an app under test. The server serialises with schemas compiled from
 * the declarations and validates nothing on send (src/server/plugins/response-serializer.ts); here, the value
 * each handler returned must satisfy its declared zod schema for the status sent (fast-json-stringify would
 * have coerced a wrong type silently), and the body sent must be, byte for byte, what zod's serializer sent
 * before: the value encoded by its schema, then JSON.stringify. Compressed bodies are checked for the value only.
 */
export function checkResponseContracts(app: FastifyInstance): ContractViolation[] {
  const violations: ContractViolation[] = [];
  const values = new WeakMap<FastifyRequest, unknown>();
  // Runs only for object payloads, the ones a serializer turns into JSON.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    values.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = declaredSchema(request, reply.statusCode);
    if (schema === undefined || !values.has(request)) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url} ${reply.statusCode}`;
    const encoded = z.safeEncode(schema, values.get(request));
    if (!encoded.success) {
      violations.push({ route, problem: `the value does not match its declaration: ${encoded.error.message}` });
    } else if (typeof payload === 'string' && payload !== JSON.stringify(encoded.data)) {
      violations.push({ route, problem: `sent ${payload}\nzod would have sent ${JSON.stringify(encoded.data)}` });
    }
    return payload;
  });
  return violations;
}

function declaredSchema(request: FastifyRequest, status: number): z.ZodType | undefined {
  const responses = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
  const schema = responses?.[status];
  return schema instanceof z.ZodType ? schema : undefined;
}

/** Fails (with every violation) when an app under test sent an answer its declaration does not allow. */
export function assertNoContractViolations(violations: readonly ContractViolation[]): void {
  if (violations.length === 0) return;
  const listed = violations.map((violation) => `${violation.route}: ${violation.problem}`).join('\n\n');
  throw new Error(`${violations.length} answer(s) broke their declared contract:\n\n${listed}`);
}
