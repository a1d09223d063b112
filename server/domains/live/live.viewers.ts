import { createHash } from 'node:crypto';

/**
 * A viewer without a playback token: a hash of the client address and user agent. Who watches a session is counted
 * by `services.presence` (the viewers that fetched one of its playlists within the viewer window, across instances).
 */
export function viewerKeyOf(ip: string, userAgent: string | undefined): string {
  return createHash('sha256').update(`${ip}\n${userAgent ?? ''}`).digest('base64url').slice(0, 22);
}
