/**
 * Reads a creator's `streamValue` (platform.md §3): an HLS playlist, a YouTube/Twitch/Vimeo page URL or an embed URL.
 * Pure (no database, no DOM): the server validates with it and the web player renders from it.
 */

export type StreamProvider = 'youtube' | 'twitch' | 'vimeo' | 'embed';

export type StreamSource =
  | { kind: 'hls'; url: string }
  | { kind: 'iframe'; provider: StreamProvider; embedUrl: string }
  | { kind: 'none' };

export interface StreamOptions {
  /** The host name of the page that embeds the player (Twitch refuses to play without it). */
  parentHost?: string;
}

const none: StreamSource = { kind: 'none' };

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function hostIs(url: URL, ...domains: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

const youtubeIdPattern = /^[A-Za-z0-9_-]{6,20}$/;

function youtubeEmbed(url: URL): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  let videoId: string | null = null;
  if (hostIs(url, 'youtu.be')) videoId = parts[0] ?? null;
  else if (parts[0] === 'watch') videoId = url.searchParams.get('v');
  else if (parts[0] && ['embed', 'live', 'shorts', 'v'].includes(parts[0])) videoId = parts[1] ?? null;
  else if (parts[0] === 'channel' && parts[1] && parts[2] === 'live') {
    return `https://www.youtube.com/embed/live_stream?channel=${encodeURIComponent(parts[1])}`;
  }
  if (!videoId || !youtubeIdPattern.test(videoId) || videoId === 'live_stream') {
    const channel = url.searchParams.get('channel');
    if (parts[0] === 'embed' && parts[1] === 'live_stream' && channel) {
      return `https://www.youtube.com/embed/live_stream?channel=${encodeURIComponent(channel)}`;
    }
    return null;
  }
  return `https://www.youtube.com/embed/${videoId}`;
}

function twitchEmbed(url: URL, parentHost: string): string | null {
  const parent = `parent=${encodeURIComponent(parentHost)}`;
  if (hostIs(url, 'player.twitch.tv')) {
    const channel = url.searchParams.get('channel');
    const video = url.searchParams.get('video');
    if (channel) return `https://player.twitch.tv/?channel=${encodeURIComponent(channel)}&${parent}`;
    if (video) return `https://player.twitch.tv/?video=${encodeURIComponent(video)}&${parent}`;
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'videos' && parts[1] && /^\d+$/.test(parts[1])) {
    return `https://player.twitch.tv/?video=v${parts[1]}&${parent}`;
  }
  const channel = parts[0];
  if (!channel || !/^[A-Za-z0-9_]{2,40}$/.test(channel)) return null;
  return `https://player.twitch.tv/?channel=${encodeURIComponent(channel.toLowerCase())}&${parent}`;
}

function vimeoEmbed(url: URL): string | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (hostIs(url, 'player.vimeo.com')) return parts[0] === 'video' && parts[1] && /^\d+$/.test(parts[1]) ? url.toString() : null;
  if (parts[0] === 'event' && parts[1] && /^\d+$/.test(parts[1])) return `https://vimeo.com/event/${parts[1]}/embed`;
  const videoId = parts.find((part) => /^\d+$/.test(part));
  return videoId ? `https://player.vimeo.com/video/${videoId}` : null;
}

/** Classifies a stream value. Anything that is not an http(s) URL (e.g. `javascript:`) is no stream at all. */
export function parseStreamValue(value: string | null | undefined, options: StreamOptions = {}): StreamSource {
  const trimmed = value?.trim();
  if (!trimmed) return none;
  const url = parseHttpUrl(trimmed);
  if (!url) return none;
  if (url.pathname.toLowerCase().endsWith('.m3u8')) return { kind: 'hls', url: url.toString() };
  if (hostIs(url, 'youtube.com', 'youtube-nocookie.com', 'youtu.be')) {
    const embedUrl = youtubeEmbed(url);
    return embedUrl ? { kind: 'iframe', provider: 'youtube', embedUrl } : none;
  }
  if (hostIs(url, 'twitch.tv')) {
    const embedUrl = twitchEmbed(url, options.parentHost ?? 'localhost');
    return embedUrl ? { kind: 'iframe', provider: 'twitch', embedUrl } : none;
  }
  if (hostIs(url, 'vimeo.com')) {
    const embedUrl = vimeoEmbed(url);
    return embedUrl ? { kind: 'iframe', provider: 'vimeo', embedUrl } : none;
  }
  return { kind: 'iframe', provider: 'embed', embedUrl: url.toString() };
}
