import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type ManagerOptions, type Socket } from 'socket.io-client';
import type {
  ClientEventName,
  ClientEventPayload,
  ServerEventName,
  ServerEventPayload,
} from '../../shared/contracts/realtime';

export const REALTIME_PATH = '/socket.io';
export const CONNECT_TIMEOUT_MS = 20_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_STEP_MS = 1000;
/**
 * WebSocket first: its whole session lives on one connection, so it works behind a load balancer without
 * sticky sessions. Long-polling (a series of requests that must all reach the instance holding the session)
 * is only the fallback for networks that block WebSockets (docs/decisions/0030).
 */
export const REALTIME_TRANSPORTS: Pick<Partial<ManagerOptions>, 'transports' | 'tryAllTransports'> = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
};

/** Up to five retries, waiting one second times the attempt number; null = give up. */
export function reconnectDelayMs(attempt: number): number | null {
  return attempt >= 1 && attempt <= MAX_RECONNECT_ATTEMPTS ? RECONNECT_DELAY_STEP_MS * attempt : null;
}

export type RealtimeStatus = 'connected' | 'disconnected';

let status: RealtimeStatus = 'disconnected';
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether live updates are flowing, for the connected/disconnected indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribeStatus,
    () => status,
    () => 'disconnected',
  );
}

type Handler<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;
type AnyHandler = (payload: unknown) => void;

// Subscriptions outlive any one socket: a reconnect or a new sign-in keeps delivering to the same handlers.
const handlers = new Map<ServerEventName, Set<AnyHandler>>();

/** Runs `handler` for every `event` the server pushes until the returned function is called. */
export function onRealtimeEvent<E extends ServerEventName>(event: E, handler: Handler<E>): () => void {
  // The server publishes each event only with its declared payload type (docs/decisions/0021).
  const typed: AnyHandler = (payload) => handler(payload as ServerEventPayload<E>);
  const set = handlers.get(event) ?? new Set<AnyHandler>();
  handlers.set(event, set);
  set.add(typed);
  return () => {
    set.delete(typed);
  };
}

/** Every event the server declares, named here so the schemas stay off the page; the type keeps the list whole. */
const SERVER_EVENT_NAMES: Readonly<Record<ServerEventName, true>> = {
  'audit.updated': true,
  'thread.created': true,
  'message.created': true,
  'thread.decision': true,
  'evidence.submitted': true,
  'notification.created': true,
  error: true,
};

function deliver(event: ServerEventName, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

/** Runs `handler` for every `event` the server pushes while mounted; the latest handler is always used. */
export function useRealtimeEvent<E extends ServerEventName>(event: E, handler: Handler<E>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => onRealtimeEvent<E>(event, (payload) => latest.current(payload)), [event]);
}

let currentSocket: Socket | null = null;

// Rooms the open views are in, joined again after every (re)connect; counted, so two views of one thread
// share one join and the room is left only when the last one goes.
const threadRooms = new Map<string, number>();
let staffRoomViews = 0;
const reconnectListeners = new Set<() => void>();

function joinOpenRooms(): void {
  for (const threadId of threadRooms.keys()) emitRealtime('join-thread', threadId);
  if (staffRoomViews > 0) emitRealtime('join-admin-notifications', undefined);
}

/** Runs `listener` after every reconnect (not the first connect): what a page shows may have changed meanwhile. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/** Keeps the socket in a thread's room while mounted (the server refuses threads the user may not read). */
export function useThreadRoom(threadId: string | null | undefined): void {
  useEffect(() => {
    if (threadId === null || threadId === undefined) return undefined;
    const views = threadRooms.get(threadId) ?? 0;
    threadRooms.set(threadId, views + 1);
    if (views === 0) emitRealtime('join-thread', threadId);
    return () => {
      const left = (threadRooms.get(threadId) ?? 1) - 1;
      if (left > 0) {
        threadRooms.set(threadId, left);
        return;
      }
      threadRooms.delete(threadId);
      emitRealtime('leave-thread', threadId);
    };
  }, [threadId]);
}

/** Keeps a staff member's socket in the staff room while mounted and `enabled`. */
export function useStaffRoom(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    staffRoomViews += 1;
    if (staffRoomViews === 1) emitRealtime('join-admin-notifications', undefined);
    return () => {
      staffRoomViews -= 1;
    };
  }, [enabled]);
}

/** Sends a declared client event on the open socket; the server checks it against the event's schema. */
export function emitRealtime<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): void {
  currentSocket?.emit(event, payload);
}

/**
 * Opens the socket and returns its teardown. socket.io's own reconnection backs off exponentially,
 * so it is turned off and a linear schedule is run here, for drops from either side.
 */
export function connectRealtime(userId: string): () => void {
  const socket = io({
    path: REALTIME_PATH,
    ...REALTIME_TRANSPORTS,
    withCredentials: true,
    timeout: CONNECT_TIMEOUT_MS,
    reconnection: false,
    autoConnect: false,
  });
  currentSocket = socket;
  let attempt = 0;
  let connectedBefore = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const retry = (): void => {
    setStatus('disconnected');
    if (closed) return;
    attempt += 1;
    const delay = reconnectDelayMs(attempt);
    if (delay === null) return;
    retryTimer = setTimeout(() => {
      if (!closed) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    attempt = 0;
    setStatus('connected');
    emitRealtime('join-notifications', userId);
    joinOpenRooms();
    if (connectedBefore) for (const listener of reconnectListeners) listener();
    connectedBefore = true;
  });
  socket.on('disconnect', retry);
  // A failed connection only marks the state as disconnected; it is not worth a toast.
  socket.on('connect_error', retry);
  for (const event of Object.keys(SERVER_EVENT_NAMES) as ServerEventName[]) {
    socket.on(event, (payload: unknown) => deliver(event, payload));
  }
  socket.connect();

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    socket.removeAllListeners();
    socket.disconnect();
    if (currentSocket === socket) currentSocket = null;
    setStatus('disconnected');
  };
}

/** Keeps a socket open while someone is signed in and closes it when they are gone. */
export function useRealtimeConnection(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return undefined;
    return connectRealtime(userId);
  }, [userId]);
}
