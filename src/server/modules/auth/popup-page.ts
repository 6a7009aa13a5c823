import { AUTH_MESSAGE, getPopupScript } from '../../../shared/contracts/auth.js';

/**
 * Tells the opener how re-authentication ended, then closes. Our CSP allows no inline script,
 * so the page carries the outcome in a data attribute and loads this script from our origin.
 */
export const POPUP_SCRIPT = `(() => {
  const result = document.body.dataset.authResult;
  if (window.opener && (result === '${AUTH_MESSAGE.success}' || result === '${AUTH_MESSAGE.error}')) {
    window.opener.postMessage(result, window.location.origin);
  }
  window.close();
})();
`;

export function popupResultPage(result: 'success' | 'error'): string {
  const message = result === 'success' ? AUTH_MESSAGE.success : AUTH_MESSAGE.error;
  const text =
    result === 'success' ? 'Signed in. You can close this window.' : 'Sign-in failed. You can close this window.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Rampart sign-in</title></head>
<body data-auth-result="${message}">
<p>${text}</p>
<script src="${getPopupScript.path}"></script>
</body>
</html>`;
}
