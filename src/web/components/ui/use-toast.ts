import { useSyncExternalStore } from 'react';
import {
  TOAST_REMOVE_DELAY_MS,
  toastReducer,
  type ToastAction,
  type ToastState,
  type ToastVariant,
} from './toast-store';

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? state.toasts.map((item) => item.id) : [id];
  ids.forEach(scheduleRemoval);
  dispatch({ type: 'dismiss', id });
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Shows a toast from anywhere (components, mutation callbacks); replaces the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...options, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = (): ToastState => state;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
