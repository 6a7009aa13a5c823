import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Gives the plugin its own form parser. When the host app registered @fastify/formbody, its parser is
 * inherited into this scope; it is removed here (only in this encapsulated scope, the host keeps its own)
 * so that parsing is identical standalone and mounted. Without this, adding a parser for an inherited
 * content type would throw FST_ERR_CTP_ALREADY_PRESENT.
 */
export function registerFormParser(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser(FORM_TYPE)) instance.removeContentTypeParser(FORM_TYPE);
  instance.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      // Like Discord, the first occurrence of a repeated field wins.
      if (!(name in fields)) fields[name] = value;
    }
    done(null, fields);
  });
}

export function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/**
 * The string fields of a form body. Anything that is not a urlencoded form yields no fields: Discord's
 * token endpoint ignores JSON bodies, which is why it then answers `unsupported_grant_type`.
 */
export function formFields(request: FastifyRequest): Record<string, string> {
  if (!isFormRequest(request)) return {};
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}
