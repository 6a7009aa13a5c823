import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import {
  bypassFailureMessage,
  DEFAULT_BYPASS_USERNAME,
  MISSING_INFORMATION,
  toBypassRequest,
} from './bypass-form-state';

describe('toBypassRequest', () => {
  it('trims the code and username', () => {
    expect(toBypassRequest({ code: ' CODE ', username: ' admin ', serverId: 's1' })).toEqual({
      code: 'CODE',
      username: 'admin',
      serverId: 's1',
    });
  });

  it('is null while any field is blank', () => {
    expect(toBypassRequest({ code: '  ', username: 'admin', serverId: 's1' })).toBeNull();
    expect(toBypassRequest({ code: 'CODE', username: ' ', serverId: 's1' })).toBeNull();
    expect(toBypassRequest({ code: 'CODE', username: 'admin', serverId: '' })).toBeNull();
  });

  it('defaults the username to admin and words the missing-field message as specified', () => {
    expect(DEFAULT_BYPASS_USERNAME).toBe('admin');
    expect(`${MISSING_INFORMATION.title}: ${MISSING_INFORMATION.description}`).toBe(
      'Missing Information: Please enter a bypass code, username, and select a server.',
    );
  });
});

describe('bypassFailureMessage', () => {
  const body = (message: string) => JSON.stringify({ error: { code: 'FORBIDDEN', message } });

  it("shows the server's message about the code", () => {
    expect(bypassFailureMessage(new ApiError(403, body('Bypass code revoked'), 'Forbidden'))).toBe(
      'Bypass code revoked',
    );
  });

  it('uses the standard sentence otherwise', () => {
    const fallback = 'The bypass code is invalid or has expired.';
    expect(bypassFailureMessage(new ApiError(404, body('Route POST:/api/paywall/bypass not found'), 'Not Found'))).toBe(
      fallback,
    );
    expect(bypassFailureMessage(new ApiError(500, body('Internal error'), 'Internal Server Error'))).toBe(fallback);
    expect(bypassFailureMessage(new ApiError(400, 'plain text', 'Bad Request'))).toBe(fallback);
    expect(bypassFailureMessage(new TypeError('Failed to fetch'))).toBe(fallback);
  });
});
