import { createHmac, hkdfSync } from 'node:crypto';
import { jwtVerify } from 'jose';
import { liveLimits } from './live.schemas';

/** What a playback token opens: one live session's HLS, or one finished recording (a replay). */
export type PlaybackScope = 'live' | 'replay';
const playbackScopes: readonly string[] = ['live', 'replay'] satisfies PlaybackScope[];

/**
 * What a playback token grants: `sub` (viewer id, or 'guest'), `evt` (the event), `scope` and `res` (the live session
 * or the recording it opens, and nothing else of the event), `exp` (≤ 10 min).
 */
export interface PlaybackGrant {
  sub: string;
  evt: string;
  scope: PlaybackScope;
  res: string;
  exp: number;
}

/** Whether `grant` opens `resource` (a session id for `live`, a recording id for `replay`) of `eventId`. */
export function grantOpens(grant: PlaybackGrant | null, eventId: string, scope: PlaybackScope, resource: string): boolean {
  return !!grant && grant.evt === eventId && grant.scope === scope && grant.res === resource;
}

const audience = 'cuepoint-live';
const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Signed playback URLs for premium live streams and replays: HS256 JWTs under a key derived (HKDF) from the app
 * secret with its own purpose, so a playback token is never a session token and the other way round.
 * Minting is synchronous (events.stream's lookup is); verification goes through jose with HS256 pinned.
 */
export class PlaybackTokens {
  private readonly key: Buffer;
  private readonly cache = new Map<string, PlaybackGrant>();

  constructor(
    appSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'cuepoint', 'live playback tokens v1', 32));
  }

  /** A token opening `res` (the live session or the recording, per `scope`) of `evt`, valid `ttlSeconds` (at most liveLimits.playbackTokenSeconds). */
  mint(
    sub: string,
    evt: string,
    scope: PlaybackScope,
    res: string,
    ttlSeconds: number = liveLimits.playbackTokenSeconds,
  ): { token: string; expiresAt: string } {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + Math.min(ttlSeconds, liveLimits.playbackTokenSeconds);
    return { token: this.sign({ sub, evt, scope, res, aud: audience, iat, exp }), expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** Signs any claims (tests mint expired tokens with it). */
  sign(claims: Record<string, unknown>): string {
    const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  /** The grant, or null for a missing, forged, expired or malformed token. */
  async verify(token: string | undefined): Promise<PlaybackGrant | null> {
    if (!token || token.length > 2048) return null;
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.cache.get(token);
    if (cached) return cached.exp > nowSeconds ? cached : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, evt, scope, res, exp, iat } = payload as Record<string, unknown>;
      if (typeof sub !== 'string' || typeof evt !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
      if (typeof scope !== 'string' || !playbackScopes.includes(scope) || typeof res !== 'string') return null;
      if (exp - iat > liveLimits.playbackTokenSeconds) return null;
      const grant: PlaybackGrant = { sub, evt, scope: scope as PlaybackScope, res, exp };
      this.cache.set(token, grant);
      if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
      return grant;
    } catch {
      return null;
    }
  }
}
