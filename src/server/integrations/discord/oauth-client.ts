import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, generateCodeVerifier } from 'arctic';
import type { DiscordConfig } from '../../config.js';

export const SIGN_IN_SCOPES = ['identify', 'guilds'];

export interface DiscordTokens {
  accessToken: string;
  expiresAt: Date;
}

export class TokenExchangeError extends Error {
  override name = 'TokenExchangeError';
}

/**
 * Discord OAuth2 through arctic's generic client: its Discord provider hard-codes discord.com,
 * and we must reach the simulator with the same code (docs/decisions/0003).
 */
export class DiscordOAuthClient {
  private readonly client: OAuth2Client;
  private readonly tokenUrl: string;

  constructor(
    private readonly config: DiscordConfig,
    redirectUri: string,
  ) {
    this.client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
    this.tokenUrl = `${config.apiUrl}/oauth2/token`;
  }

  /** Returns the authorize URL and the PKCE verifier to keep for the callback (null without PKCE). */
  createAuthorizationUrl(state: string): { url: URL; codeVerifier: string | null } {
    if (!this.config.usePkce) {
      const url = this.client.createAuthorizationURL(this.config.authorizeUrl, state, SIGN_IN_SCOPES);
      return { url, codeVerifier: null };
    }
    const codeVerifier = generateCodeVerifier();
    const url = this.client.createAuthorizationURLWithPKCE(
      this.config.authorizeUrl,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      SIGN_IN_SCOPES,
    );
    return { url, codeVerifier };
  }

  async exchangeCode(code: string, codeVerifier: string | null): Promise<DiscordTokens> {
    try {
      const tokens = await this.client.validateAuthorizationCode(this.tokenUrl, code, codeVerifier);
      return {
        accessToken: tokens.accessToken(),
        expiresAt: tokens.accessTokenExpiresAt(),
      };
    } catch (error) {
      const detail = error instanceof OAuth2RequestError ? error.code : (error as Error).message;
      throw new TokenExchangeError(`Discord token exchange failed: ${detail}`, { cause: error });
    }
  }
}
