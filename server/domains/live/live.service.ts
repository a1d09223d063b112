import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import { DomainError } from '@server/platform/errors';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { firstRow, type Db } from '@db/store';
import { events } from '@db/schema/events';
import { liveRecordings, liveSessions } from '@db/schema/live';
import { podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { createEvent } from '@server/domains/events/events.service';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { createEpisode } from '@server/domains/podcasts/podcast-episodes';
import { liveLimits, liveMessages, type PublishRecordingInput, type PublishRecordingOutput, type RecordingOutput } from './live.schemas';

export type EventRow = typeof events.$inferSelect;
export type RecordingRow = typeof liveRecordings.$inferSelect;
export type SessionRow = typeof liveSessions.$inferSelect;

/**
 * DATA_DIR/live: ffmpeg's working folder of HLS playlists and segments, one per session. The disk storage serves it
 * as it is (key `live/{session}/…`); with a bucket, the session's HLS mirror uploads it under the same keys.
 */
export function liveDir(dataDir: string): string {
  return join(dataDir, 'live');
}
export function sessionDir(dataDir: string, sessionId: string): string {
  return join(liveDir(dataDir), sessionId);
}
export function sessionFolderKey(sessionId: string): string {
  return `live/${sessionId}/`;
}
/**
 * DATA_DIR/recordings/{recordingId}/: the parts while live, `{recordingId}.mp4` once finished (never under /uploads).
 * The finished MP4 is the storage's `recordings/{id}/{id}.mp4` (moved into the bucket when there is one).
 */
export function recordingDir(dataDir: string, recordingId: string): string {
  return join(dataDir, 'recordings', recordingId);
}
export function recordingFile(dataDir: string, recordingId: string): string {
  return join(recordingDir(dataDir, recordingId), `${recordingId}.mp4`);
}
export function recordingFolderKey(recordingId: string): string {
  return `recordings/${recordingId}/`;
}
export function recordingKey(recordingId: string): string {
  return `${recordingFolderKey(recordingId)}${recordingId}.mp4`;
}

/** A recording's files: the finished MP4 in the storage and whatever is left of its parts on this machine. */
async function removeRecordingFiles(services: Pick<Services, 'config' | 'storage'>, recordingId: string): Promise<void> {
  await services.storage.deleteFolder(recordingFolderKey(recordingId));
  await rm(recordingDir(services.config.dataDir, recordingId), { recursive: true, force: true });
}

/**
 * The event a publish goes live in now, without creating one: the creator's active event whose window includes
 * now (the latest started), else the next active event starting within the hour. Null: a spot event is needed.
 */
export async function eventForPublish(db: Db, userId: string, now = new Date()): Promise<EventRow | null> {
  const at = now.toISOString();
  const ofCreator = and(eq(events.userId, userId), eq(events.isActive, true));
  const onNow = await firstRow(
    db
      .select()
      .from(events)
      .where(and(ofCreator, lte(events.startDateTime, at), or(isNull(events.endDateTime), gt(events.endDateTime, at))))
      .orderBy(desc(events.startDateTime))
      .limit(1),
  );
  if (onNow) return onNow;
  const soon = new Date(now.getTime() + liveLimits.earlyStartMinutes * 60_000).toISOString();
  return (
    (await firstRow(
      db
        .select()
        .from(events)
        .where(and(ofCreator, gt(events.startDateTime, at), lte(events.startDateTime, soon)))
        .orderBy(asc(events.startDateTime))
        .limit(1),
    )) ?? null
  );
}

/**
 * "{display name} is live": free, active, from now for four hours (editable afterwards), made through the events
 * service and announced as any new event (`events:created`: webhooks, the go-live notification).
 */
export async function createSpotEvent(services: Pick<Services, 'db' | 'domainEvents'>, user: UserRow, now = new Date()): Promise<EventOutput> {
  const actor: Actor = { id: user.id, role: user.role, typ: 'user', issuedAt: 0, token: '', user };
  const event = await createEvent(services.db, actor, {
    name: `${user.displayName} is live`.slice(0, 120),
    description: '',
    startDateTime: now.toISOString(),
    endDateTime: new Date(now.getTime() + liveLimits.spotEventHours * 3600_000).toISOString(),
    isPremium: false,
    premiumPrice: 0,
    isActive: true,
  });
  await services.domainEvents.publish('events:created', { event });
  return event;
}

export async function findEvent(db: Db, eventId: string): Promise<EventRow | undefined> {
  return firstRow(db.select().from(events).where(eq(events.id, eventId)));
}

/** The events (of `ids` that exist) with their creator's external stream source, for their badges. */
export async function eventsWithStreamValue(db: Db, ids: string[]): Promise<Array<{ event: EventRow; streamValue: string | null }>> {
  if (!ids.length) return [];
  return db.select({ event: events, streamValue: users.streamValue }).from(events).innerJoin(users, eq(users.id, events.userId)).where(inArray(events.id, ids));
}

export async function lastSessionOfEvent(db: Db, eventId: string): Promise<SessionRow | undefined> {
  return firstRow(db.select().from(liveSessions).where(eq(liveSessions.eventId, eventId)).orderBy(desc(liveSessions.startedAt)).limit(1));
}

export async function lastSessionOfUser(db: Db, userId: string): Promise<{ session: SessionRow; eventName: string } | undefined> {
  return firstRow(
    db
      .select({ session: liveSessions, eventName: events.name })
      .from(liveSessions)
      .innerJoin(events, eq(events.id, liveSessions.eventId))
      .where(eq(liveSessions.userId, userId))
      .orderBy(desc(liveSessions.startedAt))
      .limit(1),
  );
}

export async function sessionWithEvent(db: Db, sessionId: string): Promise<{ session: SessionRow; event: EventRow } | undefined> {
  return firstRow(db.select({ session: liveSessions, event: events }).from(liveSessions).innerJoin(events, eq(events.id, liveSessions.eventId)).where(eq(liveSessions.id, sessionId)));
}

export async function latestReadyRecording(db: Db, eventId: string): Promise<RecordingRow | undefined> {
  return firstRow(
    db
      .select()
      .from(liveRecordings)
      .where(and(eq(liveRecordings.eventId, eventId), eq(liveRecordings.status, 'ready')))
      .orderBy(desc(liveRecordings.startedAt))
      .limit(1),
  );
}

export async function recordingWithEvent(db: Db, recordingId: string): Promise<{ recording: RecordingRow; event: EventRow | null } | undefined> {
  return firstRow(db.select({ recording: liveRecordings, event: events }).from(liveRecordings).leftJoin(events, eq(events.id, liveRecordings.eventId)).where(eq(liveRecordings.id, recordingId)));
}

/** The creator's recordings, newest first (or just `recordingId` of them). */
export async function listRecordings(db: Db, userId: string, recordingId?: string): Promise<RecordingOutput[]> {
  const rows = await db
    .select({ recording: liveRecordings, eventName: events.name, isPremium: events.isPremium })
    .from(liveRecordings)
    .leftJoin(events, eq(events.id, liveRecordings.eventId))
    .where(recordingId ? and(eq(liveRecordings.userId, userId), eq(liveRecordings.id, recordingId)) : eq(liveRecordings.userId, userId))
    .orderBy(desc(liveRecordings.startedAt));
  return rows.map(({ recording, eventName, isPremium }) => ({
      id: recording.id,
      eventId: recording.eventId,
      eventName: eventName ?? null,
      eventIsPremium: isPremium ?? false,
      startedAt: recording.startedAt,
      durationSeconds: recording.durationSeconds,
      sizeBytes: recording.sizeBytes,
      status: recording.status,
      episodeId: recording.episodeId,
    }));
}

async function ownedRecording(db: Db, userId: string, recordingId: string): Promise<RecordingRow> {
  const row = await firstRow(db.select().from(liveRecordings).where(and(eq(liveRecordings.id, recordingId), eq(liveRecordings.userId, userId))));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: liveMessages.recordingNotFound });
  return row;
}

/**
 * A ready recording becomes an episode of the creator's video podcast title: the MP4 is copied to the podcasts'
 * media (`uploads/`, a new name) as one of the creator's pending uploads with the duration ffprobe read when the
 * recording was finished, then the podcasts domain makes the episode (RSS enclosure video/mp4, /video/{id},
 * `episode.published`).
 */
export async function publishRecording(
  services: Pick<WebhookServices, 'db' | 'config' | 'webhooks' | 'storage' | 'domainEvents'>,
  userId: string,
  input: PublishRecordingInput,
): Promise<PublishRecordingOutput> {
  const { db, storage } = services;
  const recording = await ownedRecording(db, userId, input.recordingId);
  if (recording.episodeId) throw new DomainError({ code: 'CONFLICT', message: liveMessages.recordingPublished });
  if (recording.status !== 'ready') throw new DomainError({ code: 'CONFLICT', message: liveMessages.recordingNotReady });
  const title = await firstRow(db.select().from(podcastTitles).where(and(eq(podcastTitles.id, input.titleId), eq(podcastTitles.userId, userId))));
  if (!title) throw new DomainError({ code: 'NOT_FOUND', message: liveMessages.titleNotFound });
  if (!title.isVideo) throw fieldError('BAD_REQUEST', liveMessages.videoTitleOnly, { titleId: liveMessages.videoTitleOnly });

  const name = `${newId(16)}.mp4`;
  const target = `uploads/${name}`;
  // Deleting the recording later keeps the episode's copy.
  await storage.copy(recordingKey(recording.id), target);
  let uploadId: string | null = null;
  try {
    const size = (await storage.stat(target))!.size;
    uploadId = newId();
    await db
      .insert(podcastUploads)
      .values({ id: uploadId, ownerId: userId, kind: 'media', url: `/uploads/${name}`, mimeType: 'video/mp4', sizeBytes: size, durationSeconds: recording.durationSeconds });
    const episode = await createEpisode(services, userId, { podcastTitleId: title.id, name: input.name, description: '', mediaUploadId: uploadId, fediverse: input.fediverse }, { replay: true });
    await db.update(liveRecordings).set({ episodeId: episode.id }).where(eq(liveRecordings.id, recording.id));
    if (episode.isPublished) await services.domainEvents.publish('live:replay-published', { recordingId: recording.id, episodeId: episode.id, userId, eventId: recording.eventId });
    return { episodeId: episode.id, recordingId: recording.id };
  } catch (error) {
    if (uploadId) await db.delete(podcastUploads).where(eq(podcastUploads.id, uploadId));
    await storage.delete(target);
    throw error;
  }
}

/** Removes a recording's files and row (an episode made from it keeps its own copy). Not while it is being written. */
export async function deleteRecording(services: Pick<Services, 'db' | 'config' | 'storage'>, userId: string, recordingId: string): Promise<{ id: string }> {
  const recording = await ownedRecording(services.db, userId, recordingId);
  if (recording.status === 'recording' || recording.status === 'processing') throw new DomainError({ code: 'CONFLICT', message: liveMessages.recordingNotReady });
  await services.db.delete(liveRecordings).where(eq(liveRecordings.id, recording.id));
  await removeRecordingFiles(services, recording.id);
  return { id: recording.id };
}

/**
 * RECORDINGS_MAX_GB: while the ready recordings together are larger, the oldest one not published as an episode is
 * deleted (never `keepId`, the one just finished). Answers the ids removed.
 */
export async function enforceRecordingsBudget(services: Pick<Services, 'db' | 'config' | 'log' | 'storage'>, keepId: string | null): Promise<string[]> {
  const { db, config } = services;
  // One transaction: the rows removed are chosen from what is stored when they go (a recording published as an
  // episode, or finished, meanwhile counts).
  const removed = await db.transaction(async (tx) => {
    const ready = await tx
      .select({ id: liveRecordings.id, size: liveRecordings.sizeBytes, episodeId: liveRecordings.episodeId })
      .from(liveRecordings)
      .where(eq(liveRecordings.status, 'ready'))
      .orderBy(asc(liveRecordings.startedAt));
    let total = ready.reduce((sum, row) => sum + (row.size ?? 0), 0);
    const chosen: string[] = [];
    for (const row of ready) {
      if (total <= config.live.recordingsMaxBytes) break;
      if (row.episodeId || row.id === keepId) continue;
      chosen.push(row.id);
      total -= row.size ?? 0;
    }
    if (chosen.length) await tx.delete(liveRecordings).where(inArray(liveRecordings.id, chosen));
    return chosen;
  });
  if (!removed.length) return removed;
  for (const id of removed) await removeRecordingFiles(services, id);
  services.log.info({ recordings: removed.length }, 'live: recordings over RECORDINGS_MAX_GB removed (oldest unpublished first)');
  return removed;
}

/** The creator's user row as stored now (authorize reads it fresh: deactivation and pending payment count at once). */
export async function creatorRow(db: Db, userId: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, userId)));
}

export async function insertSession(db: Db, row: { id: string; userId: string; eventId: string; recordingId: string; startedAt: string; parts: string[] }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(liveSessions).values({ id: row.id, userId: row.userId, eventId: row.eventId, state: 'live', startedAt: row.startedAt, recordingId: row.recordingId });
    await tx
      .insert(liveRecordings)
      .values({ id: row.recordingId, userId: row.userId, sessionId: row.id, eventId: row.eventId, status: 'recording', parts: row.parts, startedAt: row.startedAt });
  });
}

export async function updateRecordingParts(db: Db, recordingId: string, parts: string[]): Promise<void> {
  await db.update(liveRecordings).set({ parts }).where(eq(liveRecordings.id, recordingId));
}

export async function markSessionEnded(db: Db, sessionId: string, recordingId: string, endedAt = nowIso()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(liveSessions).set({ state: 'ended', endedAt }).where(eq(liveSessions.id, sessionId));
    await tx.update(liveRecordings).set({ status: 'processing' }).where(and(eq(liveRecordings.id, recordingId), eq(liveRecordings.status, 'recording')));
  });
}

export async function markRecording(db: Db, recordingId: string, values: Partial<Pick<RecordingRow, 'status' | 'durationSeconds' | 'sizeBytes' | 'parts'>>): Promise<void> {
  await db.update(liveRecordings).set(values).where(eq(liveRecordings.id, recordingId));
}

/** Sessions a previous process left live (it stopped without ending them), with their recordings. */
export async function orphanedSessions(db: Db): Promise<Array<{ session: SessionRow; recording: RecordingRow | null }>> {
  return db
    .select({ session: liveSessions, recording: liveRecordings })
    .from(liveSessions)
    .leftJoin(liveRecordings, eq(liveRecordings.id, liveSessions.recordingId))
    .where(eq(liveSessions.state, 'live'));
}

export async function unfinishedRecordings(db: Db): Promise<RecordingRow[]> {
  return db.select().from(liveRecordings).where(inArray(liveRecordings.status, ['recording', 'processing']));
}

export async function endedSessionIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: liveSessions.id }).from(liveSessions).where(and(inArray(liveSessions.id, ids), eq(liveSessions.state, 'ended')));
  return new Set(rows.map((row) => row.id));
}

/** Sessions live in the database (any instance). */
export async function liveSessionCount(db: Db): Promise<number> {
  return (await firstRow(db.select({ n: sql<number>`count(*)` }).from(liveSessions).where(eq(liveSessions.state, 'live'))))?.n ?? 0;
}
