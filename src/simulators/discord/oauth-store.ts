import { createHash, randomBytes } from 'node:crypto';

/** Discord's lifetimes: codes are short-lived, access tokens last 7 days (discord-reference §5.2). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 604800;

export interface AuthorizationCode {
  code: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | undefined;
  expiresAt: number;
  /** Set on redemption; a second redemption revokes the grant it produced (RFC 6749 §4.1.2). */
  grantId: string | undefined;
}

export interface Grant {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

export type RedeemResult =
  { ok: true; grant: Grant } | { ok: false; error: 'invalid_grant' | 'invalid_request'; description: string };

function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Codes and grants of the simulated OAuth2 server. Tokens are opaque random strings, as Discord's are. */
export class OAuthStore {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly grants = new Map<string, Grant>();
  private readonly byAccessToken = new Map<string, string>();
  private readonly byRefreshToken = new Map<string, string>();

  constructor(private readonly clock: () => number) {}

  issueCode(input: Omit<AuthorizationCode, 'code' | 'expiresAt' | 'grantId'>): string {
    this.sweepExpiredCodes();
    const code = randomToken(20);
    this.codes.set(code, { ...input, code, expiresAt: this.clock() + CODE_TTL_MS, grantId: undefined });
    return code;
  }

  redeemCode(input: {
    code: string;
    clientId: string;
    redirectUri: string | undefined;
    codeVerifier: string | undefined;
  }): RedeemResult {
    const entry = this.codes.get(input.code);
    if (!entry || entry.clientId !== input.clientId) {
      return { ok: false, error: 'invalid_grant', description: 'Invalid "code" in request.' };
    }
    if (entry.grantId !== undefined) {
      this.revokeGrant(entry.grantId);
      return { ok: false, error: 'invalid_grant', description: 'Invalid "code" in request.' };
    }
    if (entry.expiresAt <= this.clock()) {
      this.codes.delete(input.code);
      return { ok: false, error: 'invalid_grant', description: 'Invalid "code" in request.' };
    }
    if (input.redirectUri !== entry.redirectUri) {
      return { ok: false, error: 'invalid_grant', description: 'Invalid "redirect_uri" in request.' };
    }
    if (entry.codeChallenge !== undefined) {
      if (input.codeVerifier === undefined) {
        return { ok: false, error: 'invalid_request', description: 'Missing "code_verifier" in request.' };
      }
      if (s256(input.codeVerifier) !== entry.codeChallenge) {
        return { ok: false, error: 'invalid_grant', description: 'Invalid "code_verifier" in request.' };
      }
    }
    const grant = this.createGrant(entry.clientId, entry.userId, entry.scopes);
    entry.grantId = grant.id;
    return { ok: true, grant };
  }

  /** Rotates both tokens of the grant the refresh token belongs to; the old pair stops working at once. */
  refresh(refreshToken: string, clientId: string): Grant | undefined {
    const grantId = this.byRefreshToken.get(refreshToken);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.byAccessToken.delete(grant.accessToken);
    this.byRefreshToken.delete(grant.refreshToken);
    const rotated: Grant = {
      ...grant,
      accessToken: randomToken(),
      refreshToken: randomToken(),
      accessExpiresAt: this.clock() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    };
    this.store(rotated);
    return rotated;
  }

  /** Revokes every token of the authorization the given access or refresh token belongs to. */
  revoke(token: string, clientId: string): void {
    const grantId = this.byAccessToken.get(token) ?? this.byRefreshToken.get(token);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    if (grant && grant.clientId === clientId) this.revokeGrant(grant.id);
  }

  /** The live grant of a Bearer access token, or undefined if unknown, revoked or expired. */
  grantForAccessToken(token: string): Grant | undefined {
    const grantId = this.byAccessToken.get(token);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    if (!grant || grant.accessExpiresAt <= this.clock()) return undefined;
    return grant;
  }

  private createGrant(clientId: string, userId: string, scopes: string[]): Grant {
    const grant: Grant = {
      id: randomToken(12),
      clientId,
      userId,
      scopes,
      accessToken: randomToken(),
      refreshToken: randomToken(),
      accessExpiresAt: this.clock() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    };
    this.store(grant);
    return grant;
  }

  private store(grant: Grant): void {
    this.grants.set(grant.id, grant);
    this.byAccessToken.set(grant.accessToken, grant.id);
    this.byRefreshToken.set(grant.refreshToken, grant.id);
  }

  private revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (!grant) return;
    this.grants.delete(grantId);
    this.byAccessToken.delete(grant.accessToken);
    this.byRefreshToken.delete(grant.refreshToken);
  }

  private sweepExpiredCodes(): void {
    const now = this.clock();
    for (const [code, entry] of this.codes) {
      // Keep redeemed codes until they expire so a replay can still be detected.
      if (entry.expiresAt <= now) this.codes.delete(code);
    }
  }
}
