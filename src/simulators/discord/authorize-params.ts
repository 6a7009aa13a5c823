import type { FastifyReply } from 'fastify';

/** Query (GET) or hidden-field (POST) parameters of an authorize request; all are echoed into the form. */
export const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'scope',
  'state',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'permissions',
  'guild_id',
  'disable_guild_select',
  'integration_type',
] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

export function hiddenFields(params: AuthorizeParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = params[name];
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

export function scopesOf(params: AuthorizeParams): string[] {
  return (params.scope ?? '').split(/\s+/).filter(Boolean);
}
