import { io, type Socket } from 'socket.io-client';

const STORM_TIMEOUT_MS = 120_000;

/**
 * Opens `count` sockets at once and returns connections per second until the last one is connected.
 * WebSocket only: Node has no browser to fall back from, and the handshake and session lookup
 * measured here are the same for both transports.
 */
export async function socketStorm(url: string, count: number, cookie?: string): Promise<number> {
  const sockets: Socket[] = [];
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      let connected = 0;
      const timer = setTimeout(
        () => reject(new Error(`${connected} of ${count} sockets connected within ${STORM_TIMEOUT_MS} ms`)),
        STORM_TIMEOUT_MS,
      );
      for (let index = 0; index < count; index += 1) {
        const socket = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          timeout: STORM_TIMEOUT_MS,
          extraHeaders: cookie === undefined ? {} : { cookie },
        });
        sockets.push(socket);
        socket.once('connect', () => {
          connected += 1;
          if (connected === count) {
            clearTimeout(timer);
            resolve();
          }
        });
        socket.once('connect_error', (error) => {
          clearTimeout(timer);
          reject(new Error(`a socket was refused after ${connected} connected: ${error.message}`));
        });
      }
    });
    return count / ((performance.now() - started) / 1000);
  } finally {
    for (const socket of sockets) socket.disconnect();
    // Let both sides close the connections before the next storm starts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
