import { z } from 'zod';
import type { JsonSchema } from './openapi-types.js';

const COMPONENT_REF = '#/components/schemas/';

/**
 * Converts zod schemas to JSON Schema for one OpenAPI document. Definitions zod puts in `$defs` (schemas
 * with a registered id, recursive ones) are hoisted into `components.schemas`, since a `#/$defs/...`
 * reference means nothing once the schema sits inside the document.
 */
export class JsonSchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** Requests are described as callers send them (`input`), answers as the server sends them (`output`). */
  convert(schema: z.ZodType, io: 'input' | 'output', rootName: string): JsonSchema {
    // Unrepresentable parts (a transform's output, a date) become "any value" rather than breaking the document.
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
    const { $schema: _dialect, $defs: definitions = {}, ...root } = converted;
    const names = new Map(Object.keys(definitions).map((key) => [key, key]));
    let refersToRoot = false;
    const rewrite = (ref: string): string => {
      if (ref === '#') {
        refersToRoot = true;
        return `${COMPONENT_REF}${rootName}`;
      }
      const defined = ref.startsWith('#/$defs/') ? names.get(ref.slice('#/$defs/'.length)) : undefined;
      return defined === undefined ? ref : `${COMPONENT_REF}${defined}`;
    };
    // The same schema used by two endpoints is one component; a different one that zod named alike gets a new name.
    for (const [key, definition] of Object.entries(definitions)) {
      const existing = this.components[key];
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(rewriteRefs(definition, rewrite))) {
        names.set(key, this.freeName(key));
      }
    }
    for (const [key, definition] of Object.entries(definitions)) {
      this.components[names.get(key) ?? key] = rewriteRefs(definition, rewrite);
    }
    const body = rewriteRefs(root, rewrite);
    if (!refersToRoot) return body;
    this.components[rootName] = body;
    return { $ref: `${COMPONENT_REF}${rootName}` };
  }

  /** Registers a schema under a fixed component name and returns a reference to it. */
  component(name: string, schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const ref = { $ref: `${COMPONENT_REF}${name}` };
    const converted = this.convert(schema, io, name);
    // A recursive schema was already stored under its name by convert, and came back as the reference.
    if (converted.$ref !== ref.$ref) this.components[name] = converted;
    return ref;
  }

  private freeName(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_');
    let name = base;
    for (let suffix = 2; name in this.components; suffix += 1) name = `${base}_${suffix}`;
    return name;
  }
}

function rewriteRefs(schema: JsonSchema, rewrite: (ref: string) => string): JsonSchema {
  return rewriteValue(schema, rewrite) as JsonSchema;
}

function rewriteValue(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteValue(item, rewrite));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' ? [key, rewrite(item)] : [key, rewriteValue(item, rewrite)],
    ),
  );
}
