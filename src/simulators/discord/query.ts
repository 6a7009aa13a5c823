import type { FastifyRequest } from 'fastify';
import { invalidFormBody } from './discord-errors.js';
import { isSnowflake } from './snowflake.js';

/** Query-string parsing with Discord's validation errors (400 50035 Invalid Form Body). */

/** Query values as Discord reads them: the first occurrence of each name, as a string. */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const query = request.query;
  if (typeof query !== 'object' || query === null || !(name in query)) return undefined;
  const value: unknown = (query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function snowflakeQuery(request: FastifyRequest, name: string): string | undefined {
  const value = queryValue(request, name);
  if (value !== undefined && !isSnowflake(value))
    throw invalidFormBody(name, 'NUMBER_TYPE_COERCE', `Value "${value}" is not snowflake.`);
  return value;
}

export function limitQuery(request: FastifyRequest, fallback: number, max: number): number {
  const text = queryValue(request, 'limit');
  if (text === undefined) return fallback;
  const limit = Number(text);
  if (!Number.isInteger(limit)) throw invalidFormBody('limit', 'NUMBER_TYPE_COERCE', `Value "${text}" is not int.`);
  if (limit < 1) throw invalidFormBody('limit', 'NUMBER_TYPE_MIN', 'int value should be greater than or equal to 1.');
  if (limit > max)
    throw invalidFormBody('limit', 'NUMBER_TYPE_MAX', `int value should be less than or equal to ${max}.`);
  return limit;
}

export function booleanQuery(request: FastifyRequest, name: string): boolean {
  const value = queryValue(request, name)?.toLowerCase();
  return value === 'true' || value === '1';
}
