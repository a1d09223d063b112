import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '@db/schema/users';

export type TokenType = 'user' | 'viewer';

export interface TokenClaims {
  sub: string;
  role: UserRole;
  typ: TokenType;
  ver: number;
  iat: number;
  exp: number;
  /** Set on an emulation token: the admin who is acting as `sub`. */
  act?: { sub: string };
}

export interface IssueTokenInput {
  userId: string;
  role: UserRole;
  typ: TokenType;
  tokenVersion: number;
  actorId?: string;
}

export class TokenInvalidError extends Error {}

const algorithm = 'HS256';
const issuer = 'cuepoint';

/**
 * Signs and verifies our JWTs. Verified tokens are kept in a bounded LRU keyed by the token
 * string (never past `exp`), because WebCrypto verification dominates the cost of small requests.
 * The caller still checks `ver` against the user row on every request.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly cache = new Map<string, TokenClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly cacheSize = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(input: IssueTokenInput): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const payload: Record<string, unknown> = { role: input.role, typ: input.typ, ver: input.tokenVersion };
    if (input.actorId) payload.act = { sub: input.actorId };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuer(issuer)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenClaims> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.cache.get(token);
    if (cached) {
      if (cached.exp > nowSeconds) {
        this.cache.delete(token);
        this.cache.set(token, cached);
        return cached;
      }
      this.cache.delete(token);
      throw new TokenInvalidError('access_token expired');
    }
    let claims: TokenClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [algorithm],
        issuer,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      claims = parseClaims(payload);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenInvalidError('access_token expired');
      throw new TokenInvalidError('Invalid access_token');
    }
    this.cache.set(token, claims);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return claims;
  }
}

const roles: readonly string[] = ['admin', 'dj', 'staff', 'user', 'viewer'];

function parseClaims(payload: Record<string, unknown>): TokenClaims {
  const { sub, role, typ, ver, iat, exp, act } = payload;
  if (
    typeof sub !== 'string' ||
    typeof role !== 'string' ||
    !roles.includes(role) ||
    (typ !== 'user' && typ !== 'viewer') ||
    typeof ver !== 'number' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    throw new TokenInvalidError('Invalid access_token');
  }
  const claims: TokenClaims = { sub, role: role as UserRole, typ, ver, iat, exp };
  if (act && typeof act === 'object' && typeof (act as { sub?: unknown }).sub === 'string') {
    claims.act = { sub: (act as { sub: string }).sub };
  }
  return claims;
}
