import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '@server/platform/storage';

/** How often the local playlists are looked at (ffmpeg rewrites them once per segment, every 2 s). */
const pollMs = 500;
/** A segment that left the playlist stays this long for players still holding an older playlist. */
const retireAfterMs = 30_000;

/** Every URI of a playlist: its plain lines and `URI="…"` attributes (an fMP4 init segment, keys). */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith('#')) for (const match of trimmed.matchAll(/URI="([^"]*)"/g)) uris.push(match[1]!);
    else uris.push(trimmed);
  }
  return uris;
}

/**
 * Copies a live session's HLS output from ffmpeg's local folder to the storage (`live/{session}/…`), so any
 * instance, or a CDN, serves playback: each playlist update is uploaded after the segments it names (a player never
 * sees a segment it cannot load), and segments that left the playlist are deleted from the storage half a minute
 * later. Only used when the storage is not the local folder itself (S3).
 */
export class HlsMirror {
  /** Segments in the storage, by path under the session folder, with when they left the playlist (0: still in it). */
  private readonly segments = new Map<string, number>();
  private readonly playlists = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly storage: Storage,
    private readonly folderKey: string,
    private readonly localDir: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  /** After the last publish ended (and ENDLIST was appended locally): the final state goes up, polling stops. */
  async finish(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.sync();
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sync()
      .catch((error: unknown) => this.log.warn({ err: error, folder: this.folderKey }, 'live: HLS upload failed, retrying'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async sync(): Promise<void> {
    await this.syncPlaylist('index.m3u8');
    await this.retire(Date.now());
  }

  /** A playlist's segments (and variant playlists) first, then the playlist itself when it changed. */
  private async syncPlaylist(path: string): Promise<void> {
    const text = await readFile(join(this.localDir, ...path.split('/')), 'utf8').catch(() => null);
    if (text === null) return;
    const folder = posix.dirname(path);
    const named = new Set<string>();
    for (const uri of playlistUris(text)) {
      if (/^[a-z]+:|^\//i.test(uri) || uri.includes('..')) continue;
      const child = folder === '.' ? uri : `${folder}/${uri}`;
      if (child.endsWith('.m3u8')) {
        await this.syncPlaylist(child);
        continue;
      }
      named.add(child);
      if (this.segments.has(child)) {
        this.segments.set(child, 0);
        continue;
      }
      const bytes = await readFile(join(this.localDir, ...child.split('/'))).catch(() => null);
      // ffmpeg already dropped it (this mirror fell behind): the playlist moves on without it.
      if (bytes === null) continue;
      await this.storage.put(`${this.folderKey}${child}`, bytes);
      this.segments.set(child, 0);
    }
    if (this.playlists.get(path) !== text) {
      await this.storage.put(`${this.folderKey}${path}`, text);
      this.playlists.set(path, text);
    }
    const now = Date.now();
    const prefix = folder === '.' ? '' : `${folder}/`;
    for (const [segment, leftAt] of this.segments) {
      const inThisPlaylist = prefix ? segment.startsWith(prefix) && !segment.slice(prefix.length).includes('/') : !segment.includes('/');
      if (inThisPlaylist && leftAt === 0 && !named.has(segment)) this.segments.set(segment, now);
    }
  }

  private async retire(now: number): Promise<void> {
    const expired = [...this.segments].filter(([, leftAt]) => leftAt !== 0 && now - leftAt >= retireAfterMs).map(([segment]) => segment);
    if (!expired.length) return;
    await this.storage.delete(expired.map((segment) => `${this.folderKey}${segment}`));
    for (const segment of expired) this.segments.delete(segment);
  }
}
