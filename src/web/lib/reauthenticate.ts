import { AUTH_MESSAGE } from '../../shared/contracts/auth-message';
import { startSignIn } from '../../shared/contracts/routes';

export const REAUTH_URL = `${startSignIn.path}?popup=1`;
export const REAUTH_TIMEOUT_MS = 60_000;
const POPUP_FEATURES = 'width=500,height=600,menubar=no,toolbar=no,location=yes,resizable=yes,scrollbars=yes';

interface PostedMessage {
  readonly origin: string;
  readonly data: unknown;
}

/** The parts of `window` re-authentication needs; tests pass a fake. */
export interface ReauthHost {
  readonly location: { readonly origin: string };
  open(url: string, target: string, features: string): unknown;
  addEventListener(type: 'message', listener: (event: PostedMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: PostedMessage) => void): void;
  setTimeout(handler: () => void, timeout: number): number;
  clearTimeout(id: number): void;
}

/**
 * Returns a function that signs the user in again in a popup and resolves true on success.
 * Calls made while a popup is open share it, so a burst of 401s opens one window.
 */
export function createReauthenticator(host: ReauthHost, timeoutMs = REAUTH_TIMEOUT_MS): () => Promise<boolean> {
  let pending: Promise<boolean> | null = null;

  const attempt = (): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const popup = host.open(REAUTH_URL, 'rampart-reauth', POPUP_FEATURES);
      if (popup === null || popup === undefined) {
        console.warn('Popup blocked - cannot re-authenticate');
        resolve(false);
        return;
      }
      const finish = (ok: boolean): void => {
        host.removeEventListener('message', onMessage);
        host.clearTimeout(timer);
        resolve(ok);
      };
      const onMessage = (event: PostedMessage): void => {
        if (event.origin !== host.location.origin) return;
        if (event.data === AUTH_MESSAGE.success) finish(true);
        else if (event.data === AUTH_MESSAGE.error) finish(false);
      };
      host.addEventListener('message', onMessage);
      const timer = host.setTimeout(() => finish(false), timeoutMs);
    });

  return () => {
    pending ??= attempt().finally(() => {
      pending = null;
    });
    return pending;
  };
}
