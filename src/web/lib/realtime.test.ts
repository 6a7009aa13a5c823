import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, MAX_RECONNECT_ATTEMPTS, onRealtimeEvent, reconnectDelayMs } from './realtime';

type Listener = (payload?: unknown) => void;

const fakeSocket = vi.hoisted(() => ({
  listeners: new Map<string, Listener>(),
  emitted: [] as [string, unknown][],
}));

vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, listener: Listener) => fakeSocket.listeners.set(event, listener),
    emit: (event: string, payload: unknown) => fakeSocket.emitted.push([event, payload]),
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => fakeSocket.listeners.clear(),
  }),
}));

const audit = {
  id: 'a1',
  serverId: 's1',
  status: 'running',
  progressStep: 2,
  failureReason: null,
  riskScore: null,
  totalChecks: 0,
  passedChecks: 0,
  failedChecks: 0,
  unknownChecks: 0,
  criticalIssues: 0,
  highIssues: 0,
  mediumIssues: 0,
  lowIssues: 0,
  selfAttestedOverrides: 0,
  selfAttestedRiskScore: null,
  certificateEligible: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  completedAt: null,
};

afterEach(() => {
  fakeSocket.listeners.clear();
  fakeSocket.emitted.length = 0;
});

describe('reconnectDelayMs', () => {
  it('waits one second times the attempt number, five times at most', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
  });

  it('gives up after the fifth attempt', () => {
    expect(reconnectDelayMs(6)).toBeNull();
    expect(reconnectDelayMs(0)).toBeNull();
  });
});

describe('connectRealtime', () => {
  it("joins the user's own notification room once connected", () => {
    const close = connectRealtime('u1');
    fakeSocket.listeners.get('connect')?.();
    expect(fakeSocket.emitted).toEqual([['join-notifications', 'u1']]);
    close();
  });

  it("hands a handler its event's payloads until it unsubscribes", () => {
    const seen: unknown[] = [];
    const unsubscribe = onRealtimeEvent('audit.updated', (payload) => seen.push(payload.id));
    const close = connectRealtime('u1');
    fakeSocket.listeners.get('audit.updated')?.(audit);
    fakeSocket.listeners.get('error')?.({ message: 'refused' });
    expect(seen).toEqual(['a1']);
    unsubscribe();
    fakeSocket.listeners.get('audit.updated')?.(audit);
    expect(seen).toEqual(['a1']);
    close();
  });
});
