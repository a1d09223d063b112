import type { FastifyRequest } from 'fastify';
import { mediaRequests, type MediaCountMode } from '@db/schema/analytics';
import type { MediaAudience, ServedMedia } from '@server/platform/media-audience';
import { newId } from '@server/lib/ids';
import type { Services } from '@server/services';
import { classifyUserAgent } from './user-agents';
import type { MediaItem, MediaItems } from './media-items';

/** A range of this many bytes or fewer (`bytes=0-1`: players probing the file) never counts. */
export const probeBytes = 2;

interface Pending {
  kind: 'upload' | 'replay';
  /** The stored name (uploads) or the recording id (replays). */
  ref: string;
  listenerKey: string;
  previousListenerKey: string | null;
  mode: MediaCountMode;
  unitStart: number;
  unitEnd: number;
  unitsTotal: number;
  app: string;
  bot: boolean;
  at: string;
}

export interface MediaCounterOptions {
  /** The buffer is written at most this long after a request (default 1 s). */
  flushMs?: number;
  /** …or as soon as it holds this many requests (default 500). */
  flushRows?: number;
}

type CounterServices = Pick<Services, 'db' | 'clock' | 'listenerKeys' | 'log'>;

/** `bytes=a-b` of a redirected request: a range of 2 bytes or less is a probe (null: no such range, it may count). */
function isProbeRange(header: string | undefined): boolean {
  const match = header && /^ *bytes= *(\d+) *- *(\d+) *$/.exec(header);
  return Boolean(match && Number(match[2]) - Number(match[1]) + 1 <= probeBytes);
}

/**
 * The request path of counting (issue 33): what a media route served becomes one row in an in-memory buffer (the
 * salted listener keys, the app from the User-Agent, the unit range), written to `media_requests` in one batched
 * insert every second or 500 rows; the names are resolved to episodes (and recording ids to replays) at that time,
 * one query a batch. HEAD, ranges of 2 bytes or less and names that are no episode's media are dropped. No address
 * and no User-Agent leave this function.
 */
export class MediaCounter implements MediaAudience {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly flushRows: number;

  constructor(
    private readonly services: CounterServices,
    private readonly items: MediaItems,
    options: MediaCounterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1_000;
    this.flushRows = options.flushRows ?? 500;
  }

  served(request: FastifyRequest, media: ServedMedia): void {
    try {
      this.record(request, media);
    } catch (error) {
      this.services.log.warn({ err: error }, 'media audience: request not recorded');
    }
  }

  private record(request: FastifyRequest, media: ServedMedia): void {
    if (request.method !== 'GET') return;
    let pending: Pick<Pending, 'kind' | 'ref' | 'mode' | 'unitStart' | 'unitEnd' | 'unitsTotal'>;
    if (media.kind === 'upload') {
      if (media.end - media.start + 1 <= probeBytes || this.items.knownNotEpisode(media.name)) return;
      pending = { kind: 'upload', ref: media.name, mode: 'bytes', unitStart: media.start, unitEnd: media.end + 1, unitsTotal: media.size };
    } else if (media.kind === 'upload-redirect') {
      if (isProbeRange(media.range) || this.items.knownNotEpisode(media.name)) return;
      pending = { kind: 'upload', ref: media.name, mode: 'request', unitStart: 0, unitEnd: 0, unitsTotal: 0 };
    } else {
      if (media.endSecond <= media.startSecond) return;
      pending = { kind: 'replay', ref: media.recordingId, mode: 'bytes', unitStart: media.startSecond, unitEnd: media.endSecond, unitsTotal: media.totalSeconds };
    }
    const key = this.services.listenerKeys.keyOfRequest(request);
    const { app, bot } = classifyUserAgent(request.headers['user-agent']);
    this.buffer.push({
      ...pending,
      listenerKey: key.current,
      previousListenerKey: key.previous,
      app,
      bot,
      at: new Date(this.services.clock.now()).toISOString(),
    });
    if (this.buffer.length >= this.flushRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what is buffered (awaiting a flush already under way first). Never throws: a failed batch is logged. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** Stops the timer and writes the rest. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    if (batch.length === 0) return;
    this.buffer = [];
    try {
      const [episodes, replays] = await Promise.all([
        this.items.episodesByName(batch.filter((row) => row.kind === 'upload').map((row) => row.ref)),
        this.items.replaysById(batch.filter((row) => row.kind === 'replay').map((row) => row.ref)),
      ]);
      const rows = batch.flatMap((row) => {
        const item: MediaItem | undefined = (row.kind === 'upload' ? episodes : replays).get(row.ref);
        if (!item) return [];
        const { kind: _kind, ref: _ref, ...counted } = row;
        return [{ id: newId(), itemKind: item.kind, itemId: item.id, creatorId: item.creatorId, parentId: item.parentId, ...counted }];
      });
      // Well under every engine's parameter limit per statement (15 columns a row).
      for (let start = 0; start < rows.length; start += 500) await this.services.db.insert(mediaRequests).values(rows.slice(start, start + 500));
    } catch (error) {
      this.services.log.error({ err: error, requests: batch.length }, 'media audience: a batch of requests was not written');
    }
  }
}
