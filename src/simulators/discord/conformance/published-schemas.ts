import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as published from 'discord-api-spec/zod';
import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';

/**
 * The response schema Discord's OpenAPI description gives a path, method and status. The package exports
 * the schemas by name but maps routes to them only in its TypeScript `Paths` type, so that declaration is
 * read here (`"200": GuildWithCountsResponse;`, `(A | B | null)[] | null`) and its type expression turned
 * into the named zod schemas. Nothing is chosen by hand: the route alone decides the schema.
 */

const SPEC_TYPES = join(process.cwd(), 'node_modules/discord-api-spec/build/discord-api-spec.ts');

const schemasByName: Readonly<Record<string, unknown>> = published;

let specText: string | undefined;
function specSource(): string {
  specText ??= readFileSync(SPEC_TYPES, 'utf8');
  return specText;
}

function namedSchema(typeName: string): ZodMiniType {
  const schema = schemasByName[`${typeName}Schema`];
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) {
    throw new Error(`discord-api-spec has no zod schema named ${typeName}Schema`);
  }
  return schema as ZodMiniType;
}

/**
 * Parses `A | (B | null)[] | unknown` into zod: names, primitives, `[]` suffixes, parentheses, unions and
 * index signatures (`{ [key: string]: number; }`).
 */
function typeExpression(source: string): ZodMiniType {
  const tokens = source.match(/[A-Za-z_]\w*|\[\]|[()|{}[\]:;]/g) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];

  function union(): ZodMiniType {
    if (peek() === '|') next();
    const members = [postfix()];
    while (peek() === '|') {
      next();
      members.push(postfix());
    }
    const [only] = members;
    return members.length === 1 && only ? only : z.union(members);
  }
  function postfix(): ZodMiniType {
    let schema = primary();
    while (peek() === '[]') {
      next();
      schema = z.array(schema);
    }
    return schema;
  }
  function expect(...expected: string[]): void {
    for (const token of expected) if (next() !== token) throw new Error(`expected ${token} in ${source}`);
  }
  function indexSignature(): ZodMiniType {
    expect('[');
    next();
    expect(':', 'string', ']', ':');
    const values = union();
    if (peek() === ';') next();
    expect('}');
    return z.record(z.string(), values);
  }
  function primary(): ZodMiniType {
    const token = next();
    if (token === '{') return indexSignature();
    if (token === 'number') return z.number();
    if (token === 'string') return z.string();
    if (token === 'boolean') return z.boolean();
    if (token === '(') {
      const inner = union();
      if (next() !== ')') throw new Error(`unbalanced type expression: ${source}`);
      return inner;
    }
    if (token === 'null') return z.null();
    if (token === 'unknown') return z.unknown();
    if (token === undefined) throw new Error(`truncated type expression: ${source}`);
    return namedSchema(token);
  }

  const schema = union();
  if (position !== tokens.length) throw new Error(`unparsed type expression: ${source}`);
  return schema;
}

/** The text of one `{ … }` block that starts on the line `${indent}${header}`, up to its closing line. */
function block(source: string, header: string, indent: string): string | undefined {
  const start = source.indexOf(`\n${indent}${header}\n`);
  if (start < 0) return undefined;
  const end = source.indexOf(`\n${indent}}`, start + 1);
  return end < 0 ? undefined : source.slice(start, end);
}

/** Status keys (`"200"`, `"429"`, `"4XX"`) with their declared type, for `method` on `path` (`/guilds/{guild_id}`). */
export function publishedResponseTypes(method: string, path: string): Map<string, string> {
  const pathBlock = block(specSource(), `"${path}": {`, '  ');
  if (pathBlock === undefined) throw new Error(`Discord's API description has no path ${path}`);
  const operation = block(pathBlock, `${method.toLowerCase()}: {`, '    ');
  if (operation === undefined) throw new Error(`Discord's API description has no ${method} ${path}`);
  const responses = block(operation, 'responses: {', '      ');
  if (responses === undefined) throw new Error(`no responses for ${method} ${path}`);
  const withoutComments = responses.replace(/\/\*\*[\s\S]*?\*\//g, '');
  const types = new Map<string, string>();
  const keys = [...withoutComments.matchAll(/"(\d{3}|\dXX)":/g)];
  keys.forEach((key, index) => {
    const start = key.index + key[0].length;
    const end = keys[index + 1]?.index ?? withoutComments.length;
    types.set(key[1] ?? '', withoutComments.slice(start, end).replace(/\s+/g, ' ').trim().replace(/;$/, ''));
  });
  return types;
}

export interface PublishedResponse {
  /** The status key the description uses for it: the exact code, or its class such as `4XX`. */
  declaredAs: string;
  /** The declared type, as written in the description (for failure messages). */
  type: string;
  schema: ZodMiniType;
}

/** The published schema for a response, or undefined when the description declares no such status. */
export function publishedResponse(method: string, path: string, status: number): PublishedResponse | undefined {
  const types = publishedResponseTypes(method, path);
  for (const key of [String(status), `${String(status).charAt(0)}XX`]) {
    const type = types.get(key);
    if (type !== undefined) return { declaredAs: key, type, schema: typeExpression(type) };
  }
  return undefined;
}

export { published };
