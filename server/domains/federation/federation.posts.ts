import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Context } from '@fedify/fedify';
import { Create, Delete, Note, Update, type Activity } from '@fedify/vocab';
import { events } from '@db/schema/events';
import { federationPosts, type FederationPostKind } from '@db/schema/federation';
import { liveRecordings } from '@db/schema/live';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { firstRow, type Db } from '@db/store';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { newId, nowIso } from '@server/lib/ids';
import type { PostOutput } from './federation.schemas';
import { creatorSettings } from './federation.service';

/*
 * The creator's posts (issue 32): events, go-lives, episodes and replays as notes. What a note says is built from the
 * subject as stored now, by one function (`postDocument`) for deliveries, the note's own id and the outbox alike, so
 * the paywall rule is in one place: a premium event, a members-only title's episode and a premium event's replay are
 * teasers (name, date, link to buy or join), and only a public episode's note carries its media file.
 */

export const postPaths = { note: '/c/{identifier}/posts/{id}', event: '/c/{identifier}/posts/{id}/event' } as const;
export const outboxPageSize = 20;
const publicAddress = 'https://www.w3.org/ns/activitystreams#Public';
const jsonLdContext = ['https://www.w3.org/ns/activitystreams', { Hashtag: 'as:Hashtag', sensitive: 'as:sensitive' }];

export type PostRow = typeof federationPosts.$inferSelect;

export async function listPosts(db: Db, userId: string): Promise<PostOutput[]> {
  const rows = await db.select().from(federationPosts).where(eq(federationPosts.userId, userId)).orderBy(desc(federationPosts.publishedAt), desc(federationPosts.id)).limit(50);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subjectId: row.subjectId,
    title: row.title,
    url: row.url,
    publishedAt: row.publishedAt,
    teaser: row.teaser,
    likes: row.likes,
    boosts: row.boosts,
    replies: row.replies,
    deletedAt: row.deletedAt,
  }));
}

export async function postById(db: Db, id: string): Promise<PostRow | null> {
  return (await firstRow(db.select().from(federationPosts).where(eq(federationPosts.id, id)))) ?? null;
}

export async function postOf(db: Db, kind: FederationPostKind, subjectId: string): Promise<PostRow | null> {
  return (await firstRow(db.select().from(federationPosts).where(and(eq(federationPosts.kind, kind), eq(federationPosts.subjectId, subjectId))))) ?? null;
}

/** The creator's posts not deleted, latest first, from `offset` (the outbox). */
export async function outboxPosts(db: Db, userId: string, offset: number, limit: number): Promise<PostRow[]> {
  return db
    .select()
    .from(federationPosts)
    .where(and(eq(federationPosts.userId, userId), isNull(federationPosts.deletedAt)))
    .orderBy(desc(federationPosts.publishedAt), desc(federationPosts.id))
    .limit(limit)
    .offset(offset);
}

export async function countOutboxPosts(db: Db, userId: string): Promise<number> {
  const row = await firstRow(db.select({ total: sql<number>`count(*)` }).from(federationPosts).where(and(eq(federationPosts.userId, userId), isNull(federationPosts.deletedAt))));
  return Number(row?.total ?? 0);
}

/** What a note is about, read now; null when it is gone or not public (deleted, a draft, a future episode). */
export interface PostSubject {
  userId: string;
  tag: string;
  kind: FederationPostKind;
  subjectId: string;
  /** The creator's switch "Publish to the Fediverse". */
  publish: boolean;
  /** The item's own opt-in (false: the creator opted it out in its dialog). */
  optedIn: boolean;
  teaser: boolean;
  title: string;
  text: string;
  /** The page linked (the event or episode page; a teaser's page to buy or join). */
  url: string;
  image: string | null;
  hashtags: string[];
  event: { name: string; startTime: string | null; endTime: string | null } | null;
  media: { url: string; mediaType: string; durationSeconds: number } | null;
}

const shortWeekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const hourMinute = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "Fri 12 Dec 2026 21:00 UTC". */
export function utcWhen(iso: string): string {
  const date = new Date(iso);
  return `${shortWeekday.format(date)} ${dayMonthYear.format(date)} ${hourMinute.format(date)} UTC`;
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

const enc = encodeURIComponent;

async function eventSubject(db: Db, origin: string, kind: 'event' | 'live', eventId: string): Promise<PostSubject | null> {
  const row = await firstRow(
    db
      .select({ event: events, tag: users.creatorTag, userActive: users.isActive })
      .from(events)
      .innerJoin(users, eq(users.id, events.userId))
      .where(eq(events.id, eventId)),
  );
  if (!row?.tag || !row.userActive || !row.event.isActive) return null;
  const { event } = row;
  const settings = await creatorSettings(db, event.userId);
  const url = `${origin}/events/${enc(row.tag)}/${enc(event.id)}`;
  const when = event.startDateTime ? utcWhen(event.startDateTime) : 'time to be announced';
  const text = kind === 'live' ? `${event.name} is live now` : `${event.name}, ${when}`;
  return {
    userId: event.userId,
    tag: row.tag,
    kind,
    subjectId: event.id,
    publish: settings.publish,
    optedIn: event.fediverse,
    teaser: event.isPremium,
    title: event.name,
    text: event.isPremium ? `${text} (tickets on the event page)` : text,
    url,
    image: `${origin}/og/events/${enc(event.id)}.png`,
    hashtags: settings.hashtags,
    event: kind === 'event' ? { name: event.name, startTime: event.startDateTime, endTime: event.endDateTime } : null,
    media: null,
  };
}

async function episodeSubject(db: Db, origin: string, kind: 'episode' | 'replay', episodeId: string): Promise<PostSubject | null> {
  const row = await firstRow(
    db
      .select({ episode: podcastEpisodes, title: podcastTitles, tag: users.creatorTag, userActive: users.isActive })
      .from(podcastEpisodes)
      .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
      .innerJoin(users, eq(users.id, podcastEpisodes.userId))
      .where(eq(podcastEpisodes.id, episodeId)),
  );
  if (!row?.tag || !row.userActive || row.episode.publishDate > nowIso()) return null;
  const { episode, title } = row;
  const settings = await creatorSettings(db, episode.userId);
  // A replay of a premium event stays a teaser wherever it is published; its event page sells access to the replay.
  const premiumEvent =
    kind === 'replay'
      ? await firstRow(
          db
            .select({ id: events.id })
            .from(liveRecordings)
            .innerJoin(events, eq(events.id, liveRecordings.eventId))
            .where(and(eq(liveRecordings.episodeId, episode.id), eq(events.isPremium, true))),
        )
      : undefined;
  const teaser = title.membersOnly || Boolean(premiumEvent);
  const duration = clock(episode.durationSeconds);
  const heading = `${episode.name} (${title.name}), ${duration}`;
  // A members-only title's files are refused at their plain URLs: a teaser shows the title's (or the event's) card.
  const shown = title.membersOnly
    ? { text: `${heading}, for members: join on the podcast page`, url: `${origin}/podcasts/${enc(row.tag)}/${enc(title.id)}`, image: `${origin}/og/podcasts/${enc(title.id)}.png` }
    : premiumEvent
      ? { text: `${heading}, watch the replay on the event page`, url: `${origin}${eventPagePath(row.tag, premiumEvent.id)}`, image: `${origin}/og/events/${enc(premiumEvent.id)}.png` }
      : { text: heading, url: `${origin}/video/${enc(episode.id)}`, image: episode.imageUrl ? `${origin}${episode.imageUrl}` : title.imageUrl ? `${origin}${title.imageUrl}` : null };
  return {
    userId: episode.userId,
    tag: row.tag,
    kind,
    subjectId: episode.id,
    publish: settings.publish,
    optedIn: episode.fediverse,
    teaser,
    title: episode.name,
    ...shown,
    hashtags: settings.hashtags,
    event: null,
    media: teaser ? null : { url: `${origin}${episode.mediaUrl}`, mediaType: episode.mediaType, durationSeconds: episode.durationSeconds },
  };
}

export function subjectOf(db: Db, origin: string, kind: FederationPostKind, subjectId: string): Promise<PostSubject | null> {
  return kind === 'event' || kind === 'live' ? eventSubject(db, origin, kind, subjectId) : episodeSubject(db, origin, kind, subjectId);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The note (and its Event object) as JSON-LD: what is delivered and what its id answers. */
export function postDocument(ctx: Context<void>, post: PostRow, subject: PostSubject): { note: Record<string, unknown>; event: Record<string, unknown> | null } {
  const actor = ctx.getActorUri(subject.tag).href;
  const noteId = ctx.getObjectUri(Note, { identifier: subject.tag, id: post.id }).href;
  const eventObject = subject.event
    ? {
        type: 'Event',
        id: `${noteId}/event`,
        attributedTo: actor,
        name: subject.event.name,
        ...(subject.event.startTime && { startTime: subject.event.startTime }),
        ...(subject.event.endTime && { endTime: subject.event.endTime }),
        url: subject.url,
        to: [publicAddress],
      }
    : null;
  const tags = subject.hashtags.map((tag) => ({ type: 'Hashtag', name: `#${tag}` }));
  const hashtagText = subject.hashtags.map((tag) => `#${tag}`).join(' ');
  const attachments: Array<Record<string, unknown>> = [];
  if (subject.image) attachments.push({ type: 'Image', url: subject.image, mediaType: subject.image.endsWith('.png') ? 'image/png' : undefined, name: subject.title });
  if (subject.media) {
    attachments.push({
      type: subject.media.mediaType.startsWith('video/') ? 'Video' : subject.media.mediaType.startsWith('audio/') ? 'Audio' : 'Document',
      url: subject.media.url,
      mediaType: subject.media.mediaType,
      name: subject.title,
      duration: `PT${subject.media.durationSeconds}S`,
    });
  }
  if (eventObject) attachments.push(eventObject);
  const content = [`<p>${escapeHtml(subject.text)}</p>`, `<p><a href="${escapeHtml(subject.url)}">${escapeHtml(subject.url)}</a></p>`, hashtagText && `<p>${escapeHtml(hashtagText)}</p>`].filter(Boolean).join('');
  const note = {
    type: 'Note',
    id: noteId,
    attributedTo: actor,
    content,
    url: subject.url,
    published: post.publishedAt,
    ...(post.updatedAt !== post.publishedAt && { updated: post.updatedAt }),
    to: [publicAddress],
    cc: [ctx.getFollowersUri(subject.tag).href],
    ...(subject.image && { image: { type: 'Image', url: subject.image } }),
    ...(subject.media && { duration: `PT${subject.media.durationSeconds}S` }),
    ...(tags.length && { tag: tags }),
    ...(attachments.length && { attachment: attachments }),
  };
  return { note, event: eventObject };
}

function loaders(ctx: Context<void>) {
  return { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader };
}

export async function toNote(ctx: Context<void>, post: PostRow, subject: PostSubject): Promise<Note> {
  return Note.fromJsonLd({ '@context': jsonLdContext, ...postDocument(ctx, post, subject).note }, loaders(ctx));
}

export async function eventObjectOf(ctx: Context<void>, post: PostRow, subject: PostSubject): Promise<Record<string, unknown> | null> {
  const { event } = postDocument(ctx, post, subject);
  return event ? { '@context': jsonLdContext, ...event } : null;
}

/** `Create` (its id is the note's `#create`: the same activity in every delivery and in the outbox). */
export async function createActivity(ctx: Context<void>, post: PostRow, subject: PostSubject): Promise<Activity> {
  const { note } = postDocument(ctx, post, subject);
  return Create.fromJsonLd(
    { '@context': jsonLdContext, type: 'Create', id: `${note.id as string}#create`, actor: note.attributedTo, published: post.publishedAt, to: note.to, cc: note.cc, object: note },
    loaders(ctx),
  );
}

export async function updateActivity(ctx: Context<void>, post: PostRow, subject: PostSubject): Promise<Activity> {
  const { note } = postDocument(ctx, post, subject);
  return Update.fromJsonLd(
    { '@context': jsonLdContext, type: 'Update', id: `${note.id as string}#update/${Date.parse(post.updatedAt)}`, actor: note.attributedTo, to: note.to, cc: note.cc, object: note },
    loaders(ctx),
  );
}

export async function deleteActivity(ctx: Context<void>, post: PostRow, tag: string): Promise<Activity> {
  const noteId = ctx.getObjectUri(Note, { identifier: tag, id: post.id }).href;
  return Delete.fromJsonLd(
    {
      '@context': jsonLdContext,
      type: 'Delete',
      id: `${noteId}#delete`,
      actor: ctx.getActorUri(tag).href,
      to: [publicAddress],
      cc: [ctx.getFollowersUri(tag).href],
      object: { type: 'Tombstone', id: noteId },
    },
    loaders(ctx),
  );
}

/**
 * Claims the post of a subject: a new row (true) once across instances and repeated events; a post deleted before
 * (a cancelled event made active again) is posted anew under a new id.
 */
export async function claimPost(db: Db, ctx: Context<void>, subject: PostSubject): Promise<PostRow | null> {
  const now = nowIso();
  const existing = await postOf(db, subject.kind, subject.subjectId);
  if (existing && !existing.deletedAt) return null;
  const id = newId();
  const noteUri = ctx.getObjectUri(Note, { identifier: subject.tag, id }).href;
  const values = { id, userId: subject.userId, kind: subject.kind, subjectId: subject.subjectId, noteUri, title: subject.title, url: subject.url, teaser: subject.teaser, publishedAt: now, updatedAt: now, deletedAt: null };
  if (existing) {
    const changed = await db
      .update(federationPosts)
      .set(values)
      .where(and(eq(federationPosts.id, existing.id), eq(federationPosts.deletedAt, existing.deletedAt!)))
      .returning();
    return changed[0] ?? null;
  }
  const inserted = await db.insert(federationPosts).values(values).onConflictDoNothing().returning();
  return inserted[0] ?? null;
}

export async function touchPost(db: Db, post: PostRow, subject: PostSubject): Promise<PostRow> {
  const [row] = await db.update(federationPosts).set({ title: subject.title, url: subject.url, teaser: subject.teaser, updatedAt: nowIso() }).where(eq(federationPosts.id, post.id)).returning();
  return row ?? post;
}

/** Marks a post deleted; true for the one caller that should send its Delete. */
export async function claimDelete(db: Db, post: PostRow): Promise<boolean> {
  const rows = await db.update(federationPosts).set({ deletedAt: nowIso() }).where(and(eq(federationPosts.id, post.id), isNull(federationPosts.deletedAt))).returning({ id: federationPosts.id });
  return rows.length > 0;
}

/** Episodes whose future publish date came within the last day and have no post yet (found by the minute sweep). */
export async function dueEpisodes(db: Db, now: string): Promise<Array<{ id: string }>> {
  const since = new Date(Date.parse(now) - 86_400_000).toISOString();
  return db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .leftJoin(liveRecordings, eq(liveRecordings.episodeId, podcastEpisodes.id))
    .where(
      and(
        lte(podcastEpisodes.publishDate, now),
        gt(podcastEpisodes.publishDate, since),
        gt(podcastEpisodes.publishDate, podcastEpisodes.createdAt),
        isNull(liveRecordings.id),
        sql`not exists (select 1 from ${federationPosts} where ${federationPosts.kind} = 'episode' and ${federationPosts.subjectId} = ${podcastEpisodes.id})`,
      ),
    );
}
