import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface LoadBalancer {
  /** `http://127.0.0.1:<port>`: the PUBLIC_URL of every instance behind it. */
  url: string;
  port: number;
  /** The backend index each request or WebSocket upgrade went to, in order. */
  readonly routed: { kind: 'http' | 'upgrade'; backend: number; path: string }[];
  close(): Promise<void>;
}

/**
 * Round robin over the backends' ports, with no affinity of any kind (no sticky sessions), as the cheapest
 * production load balancer would do it: every HTTP request and every WebSocket upgrade goes to the next
 * instance. Like a real proxy it passes the Host header through and appends the client's address to
 * X-Forwarded-For.
 */
export async function startLoadBalancer(backendPorts: readonly number[]): Promise<LoadBalancer> {
  let next = 0;
  const pick = () => {
    const backend = next;
    next = (next + 1) % backendPorts.length;
    return backend;
  };
  const routed: LoadBalancer['routed'] = [];
  const openSockets = new Set<Socket>();
  const track = (socket: Socket) => {
    openSockets.add(socket);
    socket.once('close', () => openSockets.delete(socket));
  };

  const server = createServer((incoming, outgoing) => {
    const backend = pick();
    routed.push({ kind: 'http', backend, path: incoming.url ?? '' });
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: backendPorts[backend],
        method: incoming.method,
        path: incoming.url,
        headers: forwardedHeaders(incoming),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  server.on('connection', track);
  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    const backend = pick();
    routed.push({ kind: 'upgrade', backend, path: incoming.url ?? '' });
    const upstream = connect(backendPorts[backend] ?? 0, '127.0.0.1', () => {
      const headers = Object.entries(forwardedHeaders(incoming)).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${String(item)}`),
      );
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the load balancer got no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of openSockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function forwardedHeaders(incoming: IncomingMessage): IncomingMessage['headers'] {
  const client = incoming.socket.remoteAddress ?? '';
  const earlier = incoming.headers['x-forwarded-for'];
  return { ...incoming.headers, 'x-forwarded-for': earlier === undefined ? client : `${String(earlier)}, ${client}` };
}
