import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdMixin, requestIdOf } from './request-id.js';

const withHeader = (value: string | string[] | undefined) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps an id a proxy forwarded when it is short and plain', () => {
    expect(requestIdOf(withHeader('7f3a-lb.01_x'))).toBe('7f3a-lb.01_x');
    expect(requestIdOf(withHeader('a'.repeat(64)))).toBe('a'.repeat(64));
  });

  it('makes a new one for a missing, repeated, long or unsafe header', () => {
    for (const value of [undefined, ['a', 'b'], 'a'.repeat(65), '', 'x y', 'id"}', 'é']) {
      expect(requestIdOf(withHeader(value)), String(value)).toMatch(UUID);
    }
    expect(requestIdOf(withHeader(undefined))).not.toBe(requestIdOf(withHeader(undefined)));
  });
});

describe('requestIdMixin', () => {
  it('adds nothing outside a request', () => {
    expect(requestIdMixin({}, 30, {})).toEqual({});
  });
});
