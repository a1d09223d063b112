import { msg } from '@lingui/core/macro';

/** A Fediverse handle split into its parts: `@name@host` (host lower case, an optional port). */
export interface ParsedHandle {
  name: string;
  host: string;
}

export const remoteFollowMessages = {
  empty: msg`Enter your Fediverse handle, such as @you@mastodon.social`,
  invalid: msg`Enter your handle as @you@your.server (your name, then your server)`,
} as const;

/**
 * A visitor's own handle as they might type it: `@you@mastodon.social`, `you@mastodon.social` or `acct:you@...`.
 * The host must be a domain name (a dot in it) or carry a port; anything else answers null.
 */
export function parseHandle(input: string): ParsedHandle | null {
  const match = /^(?:acct:)?@?([^@\s/:?#]+)@([^@\s/?#]+)$/i.exec(input.trim());
  if (!match) return null;
  const [, name, rawHost] = match;
  let url: URL;
  try {
    url = new URL(`https://${rawHost}`);
  } catch {
    return null;
  }
  const host = url.host;
  if (host !== rawHost!.toLowerCase() || !/^[a-z0-9.-]+(:\d{1,5})?$/.test(host)) return null;
  if (!host.includes('.') && !url.port) return null;
  if (host.startsWith('.') || host.includes('..') || url.hostname.endsWith('.')) return null;
  return { name: name!, host };
}

/**
 * Mastodon's remote-follow page on the visitor's server (also answered by other servers that copy it): it looks the
 * creator's handle up and offers "Follow" there.
 */
export function remoteFollowUrl(visitor: ParsedHandle, creatorHandle: string): string {
  return `https://${visitor.host}/authorize_interaction?uri=${encodeURIComponent(creatorHandle)}`;
}

/**
 * The creator's `@tag@host` from a WebFinger answer (JRD) about their actor: the `acct:` subject or alias the server
 * built from its PUBLIC_URL; null when there is none.
 */
export function handleFromWebFinger(jrd: unknown, tag: string): string | null {
  if (!jrd || typeof jrd !== 'object') return null;
  const { subject, aliases } = jrd as { subject?: unknown; aliases?: unknown };
  const candidates = [subject, ...(Array.isArray(aliases) ? aliases : [])].filter((value): value is string => typeof value === 'string');
  for (const candidate of candidates) {
    const match = /^acct:([^@]+)@([^@]+)$/.exec(candidate);
    if (match && match[1]!.toLowerCase() === tag.toLowerCase()) return `@${match[1]}@${match[2]}`;
  }
  return null;
}
