import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import { finalizePlaylist, finishRecording } from './ingest';
import { HlsMirror } from './live.mirror';
import * as liveService from './live.service';
import { liveStatusTopic } from './live.status';

/**
 * One lease per creator in this group, held by the session on air and counted for LIVE_MAX_STREAMS (name: the
 * creator, holder: the session); with Redis it is shared, so the rules hold across instances.
 */
export const publisherLeaseGroup = 'live-publishers';
/** Whoever finishes a recording holds its lease (name: the recording) while it does. */
const recordingLeaseGroup = 'live-recordings';
const recordingLeaseTtlMs = 30 * 60_000;

/**
 * The live runtime's work after a session: its playlist closed, its recording parts joined into the MP4 (moved into
 * the storage), its HLS folder removed once the retention has passed; what a previous process left; and a stop that
 * waits for all of it. With a bucket for storage, each session's HLS output is mirrored there while it runs.
 */
export class LiveHousekeeping {
  private readonly work = new Set<Promise<unknown>>();
  private readonly removals = new Set<NodeJS.Timeout>();
  private readonly mirrors = new Map<string, HlsMirror>();
  private stopping = false;
  private readonly instanceId = newId(16);

  constructor(
    private readonly services: Services,
    private readonly hlsRetentionMs: number,
    /** Whether this instance holds the session (its folder is then left alone). */
    private readonly holds: (sessionId: string) => boolean,
  ) {}

  /** ffmpeg's folder is the storage itself on disk; a bucket gets each playlist update and segment as it is written. */
  private get mirrored(): boolean {
    return this.services.storage.kind === 's3';
  }

  /** A session went on air: with a bucket, its HLS output is uploaded from now on (through reconnects, until it ends). */
  startSession(sessionId: string, hlsDir: string): void {
    if (!this.mirrored || this.mirrors.has(sessionId)) return;
    const mirror = new HlsMirror(this.services.storage, liveService.sessionFolderKey(sessionId), hlsDir, this.services.log);
    this.mirrors.set(sessionId, mirror);
    mirror.start();
  }

  /** An ended session: ENDLIST on its playlist, the recording finished, then `onFinished` and the folder's removal. */
  finishSession(session: { id: string; recordingId: string; hlsDir: string; parts: string[] }, onFinished: () => void): void {
    this.track(this.finish(session, onFinished));
  }

  /**
   * What a previous process left: live sessions whose holder is gone end, unfinished recordings nobody is finishing
   * are finished, old HLS folders go. A session another instance holds (its publisher lease) stays live.
   */
  async recover(): Promise<void> {
    const { db, config } = this.services;
    await this.endOrphans();
    for (const recording of await liveService.unfinishedRecordings(db)) {
      // Still recording: its session is on air on another instance (or its holder could not be asked).
      if (recording.status !== 'processing') continue;
      this.track(this.finishRecordingFiles(recording.id, recording.parts, { unlessTaken: true }));
    }
    let folders: string[] = [];
    try {
      folders = readdirSync(liveService.liveDir(config.dataDir));
    } catch {
      folders = [];
    }
    const removeEnded = async (ids: string[]) => {
      for (const id of await liveService.endedSessionIds(db, ids)) this.scheduleHlsRemoval(id, liveService.sessionDir(config.dataDir, id));
    };
    await removeEnded(folders);
    if (this.mirrored) {
      this.track(
        this.services.storage.list('live/').then((keys) => removeEnded([...new Set(keys.map((key) => key.split('/')[1]!))].filter((id) => !folders.includes(id)))),
      );
    }
  }

  /**
   * Sessions live in the database that no instance holds (no publisher lease: their instance stopped or died) end;
   * their recordings are finished by `recover` or this sweep's caller. Answers how many ended.
   */
  async endOrphans(): Promise<number> {
    const { db, leases, bus } = this.services;
    let ended = 0;
    for (const { session, recording } of await liveService.orphanedSessions(db)) {
      if (this.holds(session.id)) continue;
      const holder = await leases.holderOf(publisherLeaseGroup, session.userId);
      if (holder === session.id || holder === 'unknown') continue;
      await liveService.markSessionEnded(db, session.id, recording?.id ?? '', nowIso());
      this.services.log.info({ sessionId: session.id }, 'live: session without a holder ended');
      bus.publish(liveStatusTopic(session.eventId), null);
      ended += 1;
    }
    return ended;
  }

  /** Recordings of ended sessions left unfinished (their instance went away while it finished them). */
  async finishAbandonedRecordings(): Promise<void> {
    for (const recording of await liveService.unfinishedRecordings(this.services.db)) {
      if (recording.status === 'processing') this.track(this.finishRecordingFiles(recording.id, recording.parts, { unlessTaken: true }));
    }
  }

  /** Nothing new is scheduled from now on (folders stay for the next start to remove). */
  beginStop(): void {
    this.stopping = true;
  }

  /** Cancels the pending removals and waits for the work in flight. */
  async drain(): Promise<void> {
    for (const timer of this.removals) clearTimeout(timer);
    this.removals.clear();
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  private track<T>(promise: Promise<T>): void {
    const tracked = promise.then(
      () => undefined,
      (error: unknown) => this.services.log.error({ err: error }, 'live: background work failed'),
    );
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  private async finish(session: { id: string; recordingId: string; hlsDir: string; parts: string[] }, onFinished: () => void): Promise<void> {
    // Taken before anything else: another instance's sweep leaves a recording being finished alone.
    const claim = await this.services.leases.claim(recordingLeaseGroup, session.recordingId, this.instanceId, { ttlMs: recordingLeaseTtlMs });
    await finalizePlaylist(session.hlsDir).catch(() => undefined);
    const mirror = this.mirrors.get(session.id);
    this.mirrors.delete(session.id);
    await mirror?.finish().catch((error: unknown) => this.services.log.warn({ err: error, sessionId: session.id }, 'live: final HLS upload failed'));
    if (claim !== 'held') {
      try {
        await this.joinRecording(session.recordingId, session.parts);
      } finally {
        await this.services.leases.release(recordingLeaseGroup, session.recordingId, this.instanceId);
      }
    }
    onFinished();
    this.scheduleHlsRemoval(session.id, session.hlsDir);
  }

  /**
   * Joins the parts into the MP4 under the recording's lease. `unlessTaken`: a recording found unfinished is left to
   * whoever holds its lease (or to a later pass when Redis cannot say).
   */
  private async finishRecordingFiles(recordingId: string, parts: string[], options: { unlessTaken?: boolean } = {}): Promise<void> {
    const { leases } = this.services;
    const claim = await leases.claim(recordingLeaseGroup, recordingId, this.instanceId, { ttlMs: recordingLeaseTtlMs });
    if (claim === 'held' || (options.unlessTaken && claim === 'unknown')) return;
    try {
      await this.joinRecording(recordingId, parts);
    } finally {
      await leases.release(recordingLeaseGroup, recordingId, this.instanceId);
    }
  }

  private async joinRecording(recordingId: string, parts: string[]): Promise<void> {
    const { db, config, storage } = this.services;
    const dir = liveService.recordingDir(config.dataDir, recordingId);
    const mp4 = liveService.recordingFile(config.dataDir, recordingId);
    try {
      const { durationSeconds, sizeBytes } = await finishRecording(
        parts.map((part) => join(dir, part)),
        mp4,
        config.live.ffmpegPath,
      );
      // On disk the MP4 is already where the storage keeps it; a bucket takes it and the local folder goes.
      await storage.moveIn(mp4, liveService.recordingKey(recordingId));
      for (const part of parts) await rm(join(dir, part), { force: true });
      if (this.mirrored) await rm(dir, { recursive: true, force: true });
      await liveService.markRecording(db, recordingId, { status: 'ready', durationSeconds: Math.round(durationSeconds), sizeBytes });
      await liveService.enforceRecordingsBudget(this.services, recordingId);
    } catch (error) {
      await liveService.markRecording(db, recordingId, { status: 'failed' });
      this.services.log.warn({ recordingId, err: (error as Error).message }, 'live: recording could not be finished');
    }
  }

  private scheduleHlsRemoval(sessionId: string, hlsDir: string): void {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.removals.delete(timer);
      if (this.holds(sessionId)) return;
      void rm(hlsDir, { recursive: true, force: true });
      this.track(this.services.storage.deleteFolder(liveService.sessionFolderKey(sessionId)));
    }, this.hlsRetentionMs);
    timer.unref();
    this.removals.add(timer);
  }
}
