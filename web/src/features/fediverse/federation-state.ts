import { appPagePaths } from '@common/page-paths';
import { federationOffReason } from '@server/domains/federation/federation.schemas';
import { failureStatus } from '@web/components/error-message';
import { formatDateTime } from '@web/lib/i18n/format';

/**
 * The server's answer when it does not federate (no PUBLIC_URL, or FEDERATION=off): NOT_FOUND with the code
 * `federation-off` (tRPC `data.reason`); its text is in the reader's language.
 */
export function isFederationOff(error: unknown): boolean {
  if (failureStatus(error) !== 404 || !error || typeof error !== 'object') return false;
  return (error as { data?: { reason?: unknown } | null }).data?.reason === federationOffReason;
}

/** The host of an actor id (`https://host/users/name` → `host`), lower case; null for a malformed id. */
export function actorHost(actorId: string): string | null {
  try {
    return new URL(actorId).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

export const formatWhen = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** The public episode page (where approved comments show). */
export const episodePagePath = (episodeId: string) => appPagePaths.video.replace(':videoId', encodeURIComponent(episodeId));

/** `url` when it is an http(s) address (a remote server names it: nothing else becomes a link). */
export function webUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
