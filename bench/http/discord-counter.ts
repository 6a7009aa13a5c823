import { Agent, createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Counts the server's calls to "Discord". In demo mode the server calls the simulator mounted in its
 * own process, whose request log no HTTP route exposes; the server honours DISCORD_API_URL, so the
 * bench points it here and forwards every call unchanged to `<target>/_sim/discord`.
 */
export interface DiscordCounter {
  /** The value for the server's DISCORD_API_URL. */
  apiUrl: string;
  calls(): number;
  /** Answers with status 429 (rate limited) since the last reset. */
  rateLimited(): number;
  reset(): void;
  /** Delay added to every call, as a far-away Discord would (0 by default). */
  latencyMs: number;
  close(): Promise<void>;
}

export async function startDiscordCounter(targetOrigin: string): Promise<DiscordCounter> {
  const target = new URL(targetOrigin);
  const agent = new Agent({ keepAlive: true });
  let calls = 0;
  let rateLimited = 0;
  const counter = { latencyMs: 0 };
  const proxy = createServer((incoming, outgoing) => {
    calls += 1;
    if (counter.latencyMs === 0) forward(incoming, outgoing);
    else setTimeout(() => forward(incoming, outgoing), counter.latencyMs);
  });
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const forwarded = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: `/_sim/discord${incoming.url ?? '/'}`,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        if (answer.statusCode === 429) rateLimited += 1;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`bench Discord counter: ${error.message}`);
    });
    incoming.pipe(forwarded);
  };
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return Object.assign(counter, {
    apiUrl: `http://127.0.0.1:${port}/api`,
    calls: () => calls,
    rateLimited: () => rateLimited,
    reset: () => {
      calls = 0;
      rateLimited = 0;
    },
    close: async () => {
      agent.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  });
}
