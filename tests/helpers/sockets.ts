import { io, type Socket } from 'socket.io-client';

/** A signed-in browser's socket on the app at `address`, connected. */
export async function connectSocket(address: string, cookie: string): Promise<Socket> {
  const socket = io(address, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

/** Emits a client event and waits for the server's acknowledgement: whether the join took effect. */
export async function request(socket: Socket, event: string, argument: unknown): Promise<boolean> {
  const answer = (await socket.timeout(5000).emitWithAck(event, argument)) as { joined: boolean };
  return answer.joined;
}

/** Everything a socket receives of one event from now on. */
export function received<T = unknown>(socket: Socket, event: string): T[] {
  const payloads: T[] = [];
  socket.on(event, (payload: T) => payloads.push(payload));
  return payloads;
}

/** Resolves with the first payload of `event` that `matches`. */
export function next<T>(socket: Socket, event: string, matches: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}
