import { ErrorResponseSchema } from 'discord-api-spec/zod';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { INVALID_FORM_BODY_STRING_ERROR_CODES } from './allowances.js';
import { publishedResponse, publishedResponseTypes } from './published-schemas.js';
import { conformanceFailure } from './validate.js';

const GUILD_ROUTE = { kind: 'published', method: 'get', path: '/guilds/{guild_id}' } as const;

describe('reading response schemas from Discord’s published API description', () => {
  it('finds every declared status of an operation with its type', () => {
    expect(publishedResponseTypes('get', '/guilds/{guild_id}')).toEqual(
      new Map([
        ['200', 'GuildWithCountsResponse'],
        ['429', 'RatelimitedResponse'],
        ['4XX', 'ErrorResponse'],
      ]),
    );
    expect(publishedResponse('delete', '/users/@me/guilds/{guild_id}', 204)?.type).toBe('unknown');
    expect(publishedResponse('get', '/guilds/{guild_id}', 403)).toMatchObject({
      declaredAs: '4XX',
      type: 'ErrorResponse',
    });
    expect(publishedResponse('get', '/guilds/{guild_id}', 500)).toBeUndefined();
  });

  it('turns index signatures, arrays and unions into schemas that reject what Discord would not send', () => {
    const counts = publishedResponse('get', '/guilds/{guild_id}/roles/member-counts', 200);
    expect(counts && z.safeParse(counts.schema, { '1': 3 }).success).toBe(true);
    expect(counts && z.safeParse(counts.schema, { '1': '3' }).success).toBe(false);
    const rules = publishedResponse('get', '/guilds/{guild_id}/auto-moderation/rules', 200);
    const rule = {
      id: '1',
      guild_id: '2',
      creator_id: '3',
      name: 'r',
      event_type: 1,
      trigger_type: 3,
      trigger_metadata: {},
      enabled: true,
      exempt_roles: [],
      exempt_channels: [],
    };
    expect(rules && z.safeParse(rules.schema, [{ ...rule, actions: [{ type: 1, metadata: {} }] }]).success).toBe(true);
    expect(rules && z.safeParse(rules.schema, [{ ...rule, actions: [{ type: 1 }] }]).success).toBe(false);
  });

  it('explains a failure by the field at fault', () => {
    expect(
      conformanceFailure(
        GUILD_ROUTE,
        429,
        JSON.stringify({ message: 'You are being rate limited.', retry_after: 1, global: false }),
      ),
    ).toMatch(/^not a RatelimitedResponse \(429\): code: /);
    expect(
      conformanceFailure(GUILD_ROUTE, 404, JSON.stringify({ message: 'Unknown Guild', code: 10004 })),
    ).toBeUndefined();
    expect(conformanceFailure(GUILD_ROUTE, 500, '{}')).toMatch(/declares no 500/);
  });
});

describe('the 50035 allowance', () => {
  const body = {
    code: 50035,
    message: 'Invalid Form Body',
    errors: {
      limit: { _errors: [{ code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' }] },
    },
  };

  it('exists because the description wants numeric _errors codes where Discord sends strings', () => {
    expect(z.safeParse(ErrorResponseSchema, body).success).toBe(false);
    expect(conformanceFailure(GUILD_ROUTE, 400, JSON.stringify(body))).toBeUndefined();
  });

  it('applies only to 400 Invalid Form Body and still checks its shape', () => {
    expect(INVALID_FORM_BODY_STRING_ERROR_CODES.appliesTo(400, { ...body, code: 50013 })).toBe(false);
    expect(INVALID_FORM_BODY_STRING_ERROR_CODES.appliesTo(403, body)).toBe(false);
    expect(
      conformanceFailure(GUILD_ROUTE, 400, JSON.stringify({ ...body, errors: { limit: { _errors: [{ code: 40 }] } } })),
    ).toBeDefined();
  });
});

describe('the media-channel allowance', () => {
  const CHANNELS_ROUTE = { kind: 'published', method: 'get', path: '/guilds/{guild_id}/channels' } as const;
  const channel = { id: '10', guild_id: '2', name: 'gallery', position: 0, flags: 0, permission_overwrites: [] };

  it('exists because the description’s channel types stop at 15 where Discord sends media channels (16)', () => {
    const channels = publishedResponse('get', '/guilds/{guild_id}/channels', 200);
    expect(channels && z.safeParse(channels.schema, [{ ...channel, type: 16 }]).success).toBe(false);
    expect(
      conformanceFailure(
        CHANNELS_ROUTE,
        200,
        JSON.stringify([
          { ...channel, type: 0 },
          { ...channel, type: 16 },
        ]),
      ),
    ).toBeUndefined();
  });

  it('still holds media channels to the published channel fields, and other routes to the published enum', () => {
    expect(
      conformanceFailure(CHANNELS_ROUTE, 200, JSON.stringify([{ ...channel, type: 16, flags: undefined }])),
    ).toMatch(/media channel.*flags/);
    expect(conformanceFailure(CHANNELS_ROUTE, 200, JSON.stringify([{ ...channel, type: 17 }]))).toBeDefined();
    expect(conformanceFailure(GUILD_ROUTE, 200, JSON.stringify({ ...channel, type: 16 }))).toBeDefined();
  });
});
