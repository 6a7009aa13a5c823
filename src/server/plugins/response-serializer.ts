import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

const serializers = new WeakMap<z.ZodType, Serialize>();

/**
 * Serialises a declared response with fast-json-stringify, compiled from the JSON Schema of its zod
 * declaration instead of validating each answer with zod before sending it. What a served body looks like is
 * proven by the tests, which check every answer against its declaration (tests/helpers/response-contract.ts).
 * Like zod's strip, properties the declaration does not name are left out (kept for a loose object).
 * Compiled on first use and once per schema (the error envelope is shared by every route), so start-up
 * pays nothing for it.
 */
export function serializerOf(schema: z.ZodType): Serialize {
  let serialize = serializers.get(schema);
  if (serialize === undefined) {
    let compiled: Serialize | undefined;
    serialize = (data) => (compiled ??= compileSerializer(schema))(data);
    serializers.set(schema, serialize);
  }
  return serialize;
}

/** Fastify's serializer compiler for routes whose response schemas are zod declarations. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => serializerOf(schema);

/** The JSON Schema a declaration is serialised by: what the declaration says the server sends. */
export function serializationSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-07', io: 'output' });
  return withNullableTypes(jsonSchema);
}

function compileSerializer(schema: z.ZodType): Serialize {
  return fastJsonStringify(serializationSchemaOf(schema));
}

/**
 * zod writes a nullable integer or enum as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify can
 * only serialise by validating the value against each branch; `type: [X's type, 'null']` says the same and
 * is serialised by a type test.
 */
function withNullableTypes(schema: JsonSchema): JsonSchema {
  const rewritten = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, rewriteValue(value)]));
  const branches = rewritten.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(rewritten).length !== 1) return rewritten;
  const [first, second] = branches as [JsonSchema, JsonSchema];
  const [value, nullBranch] = isNullType(second) ? [first, second] : [second, first];
  if (!isNullType(nullBranch) || typeof value.type !== 'string') return rewritten;
  return {
    ...value,
    type: [value.type, 'null'],
    ...(Array.isArray(value.enum) ? { enum: [...(value.enum as unknown[]), null] } : {}),
  };
}

function rewriteValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteValue);
  if (value === null || typeof value !== 'object') return value;
  return withNullableTypes(value as JsonSchema);
}

function isNullType(schema: JsonSchema): boolean {
  return schema.type === 'null' && Object.keys(schema).length === 1;
}
