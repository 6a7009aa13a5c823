/** One toast at a time; a closed toast stays mounted this long so its exit can finish. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  open: boolean;
}

export type ToastAction =
  { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

export interface ToastState {
  toasts: ToastItem[];
}

/** Pure so it can be tested; a new toast goes first and pushes older ones past the limit. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((item) =>
          action.id === undefined || item.id === action.id ? { ...item, open: false } : item,
        ),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((item) => item.id !== action.id) };
  }
}
