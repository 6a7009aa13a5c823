import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { SERVER_EVENTS } from '../../shared/contracts/realtime';
import { invalidateAuditQueries } from './audits';

export const REALTIME_PATH = '/socket.io';
export const CONNECT_TIMEOUT_MS = 20_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_STEP_MS = 1000;

/** Spec part 1 §4, §9: up to five retries, waiting one second times the attempt number; null = give up. */
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

interface ConnectOptions {
  userId: string;
  queryClient: QueryClient;
  onServerError: () => void;
}

/**
 * Opens the socket and returns its teardown. socket.io's own reconnection backs off exponentially,
 * so it is turned off and the spec's linear schedule is run here, for drops from either side.
 */
function connectRealtime({ userId, queryClient, onServerError }: ConnectOptions): () => void {
  const socket = io({
    path: REALTIME_PATH,
    withCredentials: true,
    timeout: CONNECT_TIMEOUT_MS,
    reconnection: false,
    autoConnect: false,
  });
  let attempt = 0;
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
    socket.emit('join-notifications', userId);
  });
  socket.on('disconnect', retry);
  // A failed connection only marks the state as disconnected; it is not worth a toast (spec part 1 §8).
  socket.on('connect_error', retry);
  socket.on('error', onServerError);
  socket.on('audit.updated', (payload: unknown) => {
    const parsed = SERVER_EVENTS['audit.updated'].safeParse(payload);
    if (parsed.success) void invalidateAuditQueries(queryClient, parsed.data);
  });
  socket.connect();

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    socket.removeAllListeners();
    socket.disconnect();
    setStatus('disconnected');
  };
}

/** Keeps a socket open while someone is signed in (spec part 1 §4) and closes it when they are gone. */
export function useRealtimeConnection(userId: string | null, onServerError: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return undefined;
    return connectRealtime({ userId, queryClient, onServerError });
  }, [userId, queryClient, onServerError]);
}
