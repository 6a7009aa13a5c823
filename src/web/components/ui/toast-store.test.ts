import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, toastReducer, type ToastItem } from './toast-store';

const item = (id: string): ToastItem => ({ id, title: `Toast ${id}`, open: true });

describe('toastReducer', () => {
  it('shows one toast at a time, the newest replacing the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer(toastReducer({ toasts: [] }, { type: 'add', toast: item('1') }), {
      type: 'add',
      toast: item('2'),
    });
    expect(state.toasts.map((toast) => toast.id)).toEqual(['2']);
  });

  it('closes one toast or all of them', () => {
    const state = { toasts: [item('1')] };
    expect(toastReducer(state, { type: 'dismiss', id: '1' }).toasts[0]?.open).toBe(false);
    expect(toastReducer(state, { type: 'dismiss', id: 'other' }).toasts[0]?.open).toBe(true);
    expect(toastReducer(state, { type: 'dismiss' }).toasts[0]?.open).toBe(false);
  });

  it('removes toasts', () => {
    const state = { toasts: [item('1')] };
    expect(toastReducer(state, { type: 'remove', id: '1' }).toasts).toEqual([]);
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([]);
  });

  it('closes a toast after 5 seconds', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
