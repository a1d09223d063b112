import { createHash } from 'node:crypto';
import { liveLimits } from './live.schemas';

/** A viewer without a playback token: a hash of the client address and user agent. */
export function viewerKeyOf(ip: string, userAgent: string | undefined): string {
  return createHash('sha256').update(`${ip}\n${userAgent ?? ''}`).digest('base64url').slice(0, 22);
}

/** Who is watching each session: the viewers that fetched one of its playlists within the viewer window. */
export class ViewerCounts {
  private readonly seen = new Map<string, Map<string, number>>();

  /** A player fetched a playlist of the session (viewer = token subject, else `viewerKeyOf`). */
  note(sessionId: string, viewerKey: string): void {
    let seen = this.seen.get(sessionId);
    if (!seen) {
      seen = new Map();
      this.seen.set(sessionId, seen);
    }
    if (seen.size >= 100_000 && !seen.has(viewerKey)) this.count(sessionId);
    seen.set(viewerKey, Date.now());
  }

  /** The viewers seen within the window (the others are forgotten on the way). */
  count(sessionId: string): number {
    const seen = this.seen.get(sessionId);
    if (!seen) return 0;
    const cutoff = Date.now() - liveLimits.viewerWindowSeconds * 1000;
    for (const [key, at] of seen) if (at < cutoff) seen.delete(key);
    return seen.size;
  }

  forget(sessionId: string): void {
    this.seen.delete(sessionId);
  }
}
