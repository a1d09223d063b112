import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isUserRole, type UserRole } from '@common/roles';

export type TokenType = 'user' | 'viewer';

export interface TokenClaims {
  sub: string;
  role: UserRole;
  typ: TokenType;
  ver: number;
  iat: number;
  exp: number;
  /** Set on an emulation token: the admin acting as `sub`, and that admin's token version when it was minted. */
  act?: { sub: string; ver: number };
}

export interface IssueTokenInput {
  userId: string;
  role: UserRole;
  typ: TokenType;
  tokenVersion: number;
  /** Emulation: the admin acting as the user, with the admin's current token version. */
  actor?: { id: string; tokenVersion: number };
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
  /** Verified claims by token string, least recently used first (a Map keeps insertion order). */
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
    if (input.actor) payload.act = { sub: input.actor.id, ver: input.actor.tokenVersion };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuer(issuer)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The claims of a token verified before, without a promise (the authed request path's common case); undefined
   * when it has not been verified yet (call `verify`). Throws TokenInvalidError once the cached token has expired.
   */
  verifyCached(token: string): TokenClaims | undefined {
    const cached = this.cache.get(token);
    if (!cached) return undefined;
    this.cache.delete(token);
    if (cached.exp > Math.floor(this.now() / 1000)) {
      this.cache.set(token, cached);
      return cached;
    }
    throw new TokenInvalidError('access_token expired');
  }

  async verify(token: string): Promise<TokenClaims> {
    const cached = this.verifyCached(token);
    if (cached) return cached;
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
    this.cache.delete(token);
    this.cache.set(token, claims);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return claims;
  }
}

function parseClaims(payload: Record<string, unknown>): TokenClaims {
  const { sub, role, typ, ver, iat, exp, act } = payload;
  if (
    typeof sub !== 'string' ||
    !isUserRole(role) ||
    (typ !== 'user' && typ !== 'viewer') ||
    typeof ver !== 'number' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    throw new TokenInvalidError('Invalid access_token');
  }
  const claims: TokenClaims = { sub, role, typ, ver, iat, exp };
  if (act !== undefined) {
    const actor = act as { sub?: unknown; ver?: unknown } | null;
    // An emulation claim we cannot check against the admin's row is refused, never ignored.
    if (!actor || typeof actor !== 'object' || typeof actor.sub !== 'string' || typeof actor.ver !== 'number') {
      throw new TokenInvalidError('Invalid access_token');
    }
    claims.act = { sub: actor.sub, ver: actor.ver };
  }
  return claims;
}

/** Query parameters that carry a secret (reset links, callback tokens, OAuth codes, signed upload URLs): never written to logs. */
const secretQueryParams = /([?&](?:token|access_token|id_token|code|state|signature)=)[^&#]*/gi;

/** Path segments that carry a secret: a member's feed token in private feed and member media URLs. */
const secretPathSegments = /^(\/feeds\/[^/?#]+\/|\/member-media\/)[^/?#]+?(?=\.xml|\/|\?|#|$)/;

/** The URL as it may appear in a log line: secret query values and path segments replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(secretQueryParams, '$1[redacted]').replace(secretPathSegments, '$1[redacted]');
}
