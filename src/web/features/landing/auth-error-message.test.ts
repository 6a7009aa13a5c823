import { describe, expect, it } from 'vitest';
import { authErrorMessage, withoutErrorParam } from './auth-error-message';

describe('authErrorMessage', () => {
  it.each([
    ['discord_auth_failed', 'Discord authentication failed. Please try again.'],
    ['no_auth_code', 'Authentication code was not received from Discord.'],
    ['token_exchange_failed', 'Failed to exchange authentication code. Please try again.'],
    ['user_fetch_failed', 'Failed to fetch your Discord profile. Please try again.'],
    ['auth_exception', 'An unexpected error occurred during authentication. Please try again.'],
  ])('maps %s', (code, message) => {
    expect(authErrorMessage(code)).toBe(message);
  });

  it('has a generic message for anything else, including prototype keys', () => {
    expect(authErrorMessage('access_denied')).toBe('Authentication failed. Please try again.');
    expect(authErrorMessage('toString')).toBe('Authentication failed. Please try again.');
    expect(authErrorMessage('')).toBe('Authentication failed. Please try again.');
  });
});

describe('withoutErrorParam', () => {
  it('drops only the error parameter', () => {
    expect(withoutErrorParam('/', '?error=no_auth_code', '')).toBe('/');
    expect(withoutErrorParam('/', '?ref=x&error=no_auth_code', '#top')).toBe('/?ref=x#top');
  });
});
