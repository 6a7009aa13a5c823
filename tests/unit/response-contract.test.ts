import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../src/server/plugins/response-serializer.js';
import { assertNoContractViolations, checkResponseContracts } from '../helpers/response-contract.js';

const Thing = z.object({ name: z.string(), count: z.number().int() });

async function appAnswering(value: unknown, serializerCompiler = responseSerializerCompiler) {
  const app = Fastify();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/thing', { schema: { response: { 200: Thing } } }, async () => value);
  const violations = checkResponseContracts(app);
  const response = await app.inject({ url: '/thing' });
  await app.close();
  return { response, violations };
}

describe('checkResponseContracts', () => {
  it('passes an answer that matches its declaration', async () => {
    const { response, violations } = await appAnswering({ name: 'a', count: 1 });
    expect(response.body).toBe('{"name":"a","count":1}');
    expect(violations).toEqual([]);
    expect(() => assertNoContractViolations(violations)).not.toThrow();
  });

  it('catches a value the compiled serializer coerced into shape, which zod refused to send', async () => {
    // fast-json-stringify writes null as "" and 1.5 as 1 for these types: only the value tells.
    const { response, violations } = await appAnswering({ name: null, count: 1.5 });
    expect(response.statusCode).toBe(200);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.route).toBe('GET /thing 200');
    expect(violations[0]?.problem).toMatch(/does not match its declaration/);
    expect(() => assertNoContractViolations(violations)).toThrow(/1 answer\(s\) broke their declared contract/);
  });

  it('catches a body that is not what zod would have written', async () => {
    const { violations } = await appAnswering({ name: 'a', count: 1 }, () => (data) => JSON.stringify(data, null, 1));
    expect(violations).toHaveLength(1);
    expect(violations[0]?.problem).toMatch(/zod would have sent \{"name":"a","count":1\}/);
  });
});
