import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { nowIso } from '@server/lib/ids';
import type { AppServices } from '@server/trpc/context';
import { finalizePlaylist, finishRecording } from './ingest';
import * as liveService from './live.service';

/**
 * The live runtime's work after a session: its playlist closed, its recording parts joined into the MP4, its HLS
 * folder removed once the retention has passed; what a previous process left; and a stop that waits for all of it.
 */
export class LiveHousekeeping {
  private readonly work = new Set<Promise<unknown>>();
  private readonly removals = new Set<NodeJS.Timeout>();
  private stopping = false;

  constructor(
    private readonly services: AppServices,
    private readonly hlsRetentionMs: number,
    /** Whether this instance holds the session (its folder is then left alone). */
    private readonly holds: (sessionId: string) => boolean,
  ) {}

  /** An ended session: ENDLIST on its playlist, the recording finished, then `onFinished` and the folder's removal. */
  finishSession(session: { id: string; recordingId: string; hlsDir: string; parts: string[] }, onFinished: () => void): void {
    this.track(this.finish(session, onFinished));
  }

  /** What a previous process left: live sessions end, unfinished recordings are finished, old HLS folders go. */
  recover(): void {
    const { db, config } = this.services;
    for (const { session, recording } of liveService.orphanedSessions(db)) {
      liveService.markSessionEnded(db, session.id, recording?.id ?? '', nowIso());
    }
    for (const recording of liveService.unfinishedRecordings(db)) {
      liveService.markRecording(db, recording.id, { status: 'processing' });
      this.track(this.finishRecordingFiles(recording.id, recording.parts));
    }
    let folders: string[] = [];
    try {
      folders = readdirSync(liveService.liveDir(config.dataDir));
    } catch {
      return;
    }
    for (const id of liveService.endedSessionIds(db, folders)) this.scheduleHlsRemoval(id, liveService.sessionDir(config.dataDir, id));
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
    await finalizePlaylist(session.hlsDir).catch(() => undefined);
    await this.finishRecordingFiles(session.recordingId, session.parts);
    onFinished();
    this.scheduleHlsRemoval(session.id, session.hlsDir);
  }

  private async finishRecordingFiles(recordingId: string, parts: string[]): Promise<void> {
    const { db, config } = this.services;
    const dir = liveService.recordingDir(config.dataDir, recordingId);
    const mp4 = liveService.recordingFile(config.dataDir, recordingId);
    try {
      const { durationSeconds, sizeBytes } = await finishRecording(
        parts.map((part) => join(dir, part)),
        mp4,
        config.live.ffmpegPath,
      );
      liveService.markRecording(db, recordingId, { status: 'ready', durationSeconds: Math.round(durationSeconds), sizeBytes });
      for (const part of parts) await rm(join(dir, part), { force: true });
      await liveService.enforceRecordingsBudget(this.services, recordingId);
    } catch (error) {
      liveService.markRecording(db, recordingId, { status: 'failed' });
      this.services.log.warn({ recordingId, err: (error as Error).message }, 'live: recording could not be finished');
    }
  }

  private scheduleHlsRemoval(sessionId: string, hlsDir: string): void {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.removals.delete(timer);
      if (!this.holds(sessionId)) void rm(hlsDir, { recursive: true, force: true });
    }, this.hlsRetentionMs);
    timer.unref();
    this.removals.add(timer);
  }
}
