import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditWithChecks } from '../../shared/contracts/audits.js';
import { isRawResponse } from '../../shared/contracts/endpoint.js';
import { ENDPOINTS } from '../../shared/contracts/endpoints.js';
import { ApiErrorBody } from '../../shared/contracts/errors.js';
import { serializationSchemaOf, serializerOf } from './response-serializer.js';

/** What the zod serializer sent before: the value encoded by its declaration, then JSON.stringify. */
const zodSerialized = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

/** Strings JSON.stringify escapes: quotes, backslashes, control characters, a lone surrogate, long and short. */
const AWKWARD_STRINGS = [
  '',
  'plain',
  'quote " and backslash \\ and slash /',
  'tab\tnew line\ncarriage\rbell\u0007nul\u0000',
  'emoji 🛡️ and accents é à ü, CJK 防御',
  'lone surrogate \ud800 here',
  `${'long '.repeat(30)}"quoted" \\ \n end`,
  '\u2028 line separator \u2029 paragraph separator',
];

describe('serializerOf', () => {
  it('sends what the zod serializer sent, byte for byte, for awkward strings, nullables, enums and integers', () => {
    const Thing = z.object({
      name: z.string(),
      note: z.string().nullable(),
      score: z.number().int().min(0).max(100).nullable(),
      kind: z.enum(['A', 'B']).nullable(),
      ratio: z.number(),
      flag: z.boolean(),
      tags: z.array(z.string()),
      maybe: z.string().nullable().optional(),
    });
    const serialize = serializerOf(Thing);
    for (const name of AWKWARD_STRINGS) {
      for (const value of [
        { name, note: name, score: 0, kind: 'A', ratio: 0.1, flag: true, tags: [name, name], maybe: name },
        { name, note: null, score: null, kind: null, ratio: -1e21, flag: false, tags: [] },
        { name, note: null, score: 100, kind: 'B', ratio: 3, flag: false, tags: [], maybe: null },
      ]) {
        expect(serialize(value)).toBe(zodSerialized(Thing, value));
      }
    }
  });

  it('leaves out properties the declaration does not name, as zod stripped them, and keeps a loose object whole', () => {
    const Strict = z.object({ id: z.string(), nested: z.object({ a: z.number() }) });
    const value = { id: 'x', secret: 'never sent', nested: { a: 1, b: 2 } };
    expect(serializerOf(Strict)(value)).toBe('{"id":"x","nested":{"a":1}}');
    expect(serializerOf(Strict)(value)).toBe(zodSerialized(Strict, value));

    const Loose = z.looseObject({ id: z.string() });
    const loose = { extra: { deep: [1, 'two', null] }, id: 'x', more: 'yes' };
    expect(serializerOf(Loose)(loose)).toBe(zodSerialized(Loose, loose));
  });

  it('writes records of unknown values as JSON.stringify does, undefined values left out', () => {
    const WithRecord = z.object({ evidence: z.record(z.string(), z.unknown()) });
    const value = {
      evidence: { summary: 'x "y"', count: 3, list: [{ a: null }], missing: undefined, nested: { b: true } },
    };
    expect(serializerOf(WithRecord)(value)).toBe(zodSerialized(WithRecord, value));
    expect(serializerOf(WithRecord)(value)).not.toContain('missing');
  });

  it('refuses to send an answer that lacks a required property, as the zod serializer did', () => {
    expect(() => serializerOf(ApiErrorBody)({ error: { code: 'NOT_FOUND' } })).toThrow(/message/);
  });

  it('serialises an audit with its check results as the zod serializer did', () => {
    const check = {
      id: 'c1',
      checkId: 'MFA_MODERATION',
      checkName: 'MFA for moderation',
      category: 'Moderation & verification',
      severity: 'HIGH',
      status: 'FAIL',
      remediation: 'Turn it on.\nThen check "Settings".',
      whyThisMatters: 'Because.',
      evidenceGuidance: '',
      requiresManualEvidence: false,
      references: [{ title: 'Docs', url: 'https://support.discord.com/x?a=1&b=2' }],
      evidence: { summary: 'Off', roles: [{ name: 'Mod', permissions: '8' }], totalWarnings: 2 },
      waiveReason: null,
      engineStatus: 'FAIL',
      overrideKind: null,
      selfAttestedStatus: null,
      overriddenBy: null,
      overriddenAt: null,
      overrideReason: null,
      overrideEvidence: null,
      overrideEvidenceAt: null,
      waiverExpiresAt: null,
      countsTowardCertification: false,
    };
    const audit = {
      id: 'a1',
      serverId: 's1',
      status: 'completed',
      progressStep: 8,
      failureReason: null,
      riskScore: 72,
      totalChecks: 20,
      passedChecks: 15,
      failedChecks: 4,
      unknownChecks: 1,
      criticalIssues: 0,
      highIssues: 2,
      mediumIssues: 1,
      lowIssues: 1,
      selfAttestedOverrides: 1,
      selfAttestedRiskScore: null,
      certificateEligible: false,
      trigger: 'manual',
      createdAt: '2026-11-24T08:00:00.000Z',
      startedAt: '2026-11-24T08:00:01.000Z',
      completedAt: null,
      checkResults: [check, { ...check, id: 'c2', overrideKind: 'self_attested', selfAttestedStatus: 'WAIVED' }],
    };
    expect(serializerOf(AuditWithChecks)(audit)).toBe(zodSerialized(AuditWithChecks, audit));
  });

  it('compiles every declared JSON answer to a schema fast-json-stringify serialises without validating branches', () => {
    const declared = ENDPOINTS.flatMap((endpoint) => (isRawResponse(endpoint.response) ? [] : [endpoint.response]));
    for (const schema of [...declared, ApiErrorBody]) {
      const jsonSchema = serializationSchemaOf(schema);
      expect(JSON.stringify(jsonSchema)).not.toMatch(/"(anyOf|oneOf|allOf|if)"/);
      // Compiled lazily in the server, at a route's first answer: a schema that cannot compile fails here first.
      expect(typeof fastJsonStringify(jsonSchema)).toBe('function');
    }
    expect(serializationSchemaOf(AuditWithChecks)).toMatchObject({
      properties: { riskScore: { type: ['integer', 'null'] } },
    });
  });

  it('compiles a schema once, however many routes declare it', () => {
    expect(serializerOf(ApiErrorBody)).toBe(serializerOf(ApiErrorBody));
  });
});
