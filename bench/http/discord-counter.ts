import { createServer, request as httpRequest, Agent } from 'node:http';
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
  reset(): void;
  close(): Promise<void>;
}

export async function startDiscordCounter(targetOrigin: string): Promise<DiscordCounter> {
  const target = new URL(targetOrigin);
  const agent = new Agent({ keepAlive: true });
  let calls = 0;
  const proxy = createServer((incoming, outgoing) => {
    calls += 1;
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
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`bench Discord counter: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    calls: () => calls,
    reset: () => {
      calls = 0;
    },
    close: async () => {
      agent.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
