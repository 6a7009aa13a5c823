import { useEffect, useState } from 'react';
import { authErrorMessage, withoutErrorParam } from './auth-error-message';

/**
 * Reads the sign-in `error` parameter once, then takes it out of the address bar so a reload or
 * a shared link does not repeat the message.
 */
export function useAuthErrorParam(): [message: string | null, clear: () => void] {
  const [message, setMessage] = useState<string | null>(() => {
    const code = new URLSearchParams(window.location.search).get('error');
    return code === null ? null : authErrorMessage(code);
  });

  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (new URLSearchParams(search).has('error')) {
      window.history.replaceState(window.history.state, '', withoutErrorParam(pathname, search, hash));
    }
  }, []);

  return [message, () => setMessage(null)];
}
