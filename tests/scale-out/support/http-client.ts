import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { submitConsent } from '../../helpers/consent-form.js';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json<T>(): T;
}

/**
 * An HTTP call to a port on loopback under the public host name, as a browser behind the load balancer
 * would send it: the instances redirect any other Host to PUBLIC_URL (cookies are per host), so calling an
 * instance directly needs this header, which fetch does not let a caller set.
 */
export function send(
  port: number,
  publicUrl: string,
  options: { method?: string; path: string; cookie?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  const { host, origin } = new URL(publicUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host,
    ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    // Browsers send Origin on every state-changing call; the API refuses one without it.
    ...(options.method === undefined || options.method === 'GET' ? {} : { origin }),
    ...(payload === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The `name=value` pairs an answer sets (cleared cookies left out), as a Cookie header. */
export function cookiesOf(answer: Answer): string {
  return (answer.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Signs in through the OAuth flow as a browser would: the start and the callback go through the load
 * balancer (so, round robin, usually to different instances), the consent to the shared Discord simulator.
 */
export async function signInThrough(lbPort: number, publicUrl: string, discordId: string): Promise<string> {
  const start = await send(lbPort, publicUrl, { path: '/api/auth/discord' });
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}: ${start.body}`);
  const consent = await submitConsent(String(start.headers.location), { accountId: discordId, button: 'Authorize' });
  const callback = new URL(consent.headers.get('location') ?? '');
  if (callback.origin !== new URL(publicUrl).origin) throw new Error(`consent sent the browser to ${callback.href}`);
  const done = await send(lbPort, publicUrl, {
    path: `${callback.pathname}${callback.search}`,
    cookie: cookiesOf(start),
  });
  if (done.headers.location !== '/') throw new Error(`sign-in ended at ${String(done.headers.location)}`);
  return cookiesOf(done);
}
