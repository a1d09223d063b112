import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from '@fedify/fedify';
import { Announce, Image, isActor, Like, Note, type Actor, type Create, type Delete, type Undo } from '@fedify/vocab';
import { events } from '@db/schema/events';
import { federationComments, federationPosts, federationReactions, federationRemoteAuthors, federationReplies, type FederationReactionKind } from '@db/schema/federation';
import { liveSessions } from '@db/schema/live';
import { podcastEpisodes } from '@db/schema/podcasts';
import { firstRow, type Db } from '@db/store';
import { DomainError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import { chatLimits } from '@server/domains/chat/chat.schemas';
import { postRemoteMessage, removeRemoteMessages, type ChatServices } from '@server/domains/chat/chat.service';
import type { Services } from '@server/services';
import { federationMessages, type CommentOutput, type PublicCommentOutput } from './federation.schemas';
import { subjectOf, type PostRow } from './federation.posts';

/*
 * What comes back from the Fediverse (issue 32, part 3): replies to event and go-live notes in the event's chat, replies
 * to episode and replay notes as comments the creator approves, likes and boosts counted once per remote actor, and
 * remote Deletes that take back what a note or an actor left here.
 */

export type ReplyServices = Pick<Services, 'db' | 'log' | 'config'> & Pick<ChatServices, 'chat'>;

const chatKinds = new Set(['event', 'live']);

/** Plain text of a note's HTML: tags dropped (scripts and styles with their content), breaks kept, entities decoded. */
export function plainText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  const decoded = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|blockquote|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/<[^>]*$/, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, code: string) => {
      if (code[0] === '#') {
        const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
        return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
      }
      return named[code.toLowerCase()] ?? entity;
    });
  return decoded
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, chatLimits.maxTextLength);
}

function handleOf(actor: Actor): string {
  const username = actor.preferredUsername?.toString() ?? actor.id?.pathname.split('/').filter(Boolean).pop() ?? 'unknown';
  return `@${username}@${actor.id?.host ?? 'unknown'}`;
}

type RemoteAuthor = typeof federationRemoteAuthors.$inferSelect;

/** Stores (or refreshes) what we show of a remote actor: handle, name, avatar, profile. */
async function rememberAuthor(db: Db, actor: Actor): Promise<RemoteAuthor | null> {
  if (!actor.id) return null;
  const icon = await actor.getIcon().catch(() => null);
  const iconUrl = icon instanceof Image ? icon.url : null;
  const avatar = iconUrl instanceof URL && /^https?:$/.test(iconUrl.protocol) ? iconUrl.href : null;
  const profile = actor.url instanceof URL ? actor.url.href : actor.id.href;
  const row: RemoteAuthor = {
    actorId: actor.id.href,
    handle: handleOf(actor),
    name: (actor.name?.toString() ?? '').trim() || handleOf(actor),
    avatarUrl: avatar,
    url: profile,
    updatedAt: nowIso(),
  };
  await db
    .insert(federationRemoteAuthors)
    .values(row)
    .onConflictDoUpdate({ target: federationRemoteAuthors.actorId, set: { handle: row.handle, name: row.name, avatarUrl: row.avatarUrl, url: row.url, updatedAt: row.updatedAt } });
  return row;
}

async function postByNote(db: Db, noteUri: string): Promise<PostRow | null> {
  return (await firstRow(db.select().from(federationPosts).where(and(eq(federationPosts.noteUri, noteUri), isNull(federationPosts.deletedAt))))) ?? null;
}

async function recountReplies(db: Db, postId: string): Promise<void> {
  const counted = sql<number>`(select count(*) from ${federationReplies} where ${federationReplies.postId} = ${postId})`;
  await db.update(federationPosts).set({ replies: counted }).where(eq(federationPosts.id, postId));
}

async function recountReactions(db: Db, postId: string): Promise<void> {
  const count = (kind: FederationReactionKind) =>
    sql<number>`(select count(*) from ${federationReactions} where ${federationReactions.postId} = ${postId} and ${federationReactions.kind} = ${kind})`;
  await db.update(federationPosts).set({ likes: count('like'), boosts: count('announce') }).where(eq(federationPosts.id, postId));
}

/** Whether the event is on air: a live session of ours, or now within its scheduled start and end. */
async function isLiveNow(db: Db, eventId: string): Promise<boolean> {
  const session = await firstRow(db.select({ id: liveSessions.id }).from(liveSessions).where(and(eq(liveSessions.eventId, eventId), eq(liveSessions.state, 'live'))));
  if (session) return true;
  const event = await firstRow(db.select({ start: events.startDateTime, end: events.endDateTime }).from(events).where(eq(events.id, eventId)));
  const now = nowIso();
  return !!event?.start && !!event.end && event.start <= now && now <= event.end;
}

/**
 * A remote Create(Note) replying to one of our notes: an event's or go-live's reply goes to the event's chat, an
 * episode's or replay's is kept as a pending comment. The note must be the Create's actor's own.
 */
export async function receiveReply(services: ReplyServices, ctx: Context<void>, create: Create): Promise<void> {
  const note = await create.getObject(ctx);
  if (!(note instanceof Note) || !note.id || !create.actorId || note.attributionId?.href !== create.actorId.href) return;
  const target = note.replyTargetId;
  if (!target) return;
  const post = await postByNote(services.db, target.href);
  if (!post) return;
  const { db } = services;
  if (await firstRow(db.select({ noteId: federationReplies.noteId }).from(federationReplies).where(eq(federationReplies.noteId, note.id.href)))) return;
  const actor = await create.getActor(ctx);
  if (!actor || !isActor(actor) || actor.id?.href !== create.actorId.href) return;
  const author = await rememberAuthor(db, actor);
  const text = plainText(note.content?.toString() ?? '');
  if (!author || !text) return;
  const noteUrl = note.id.href;
  if (chatKinds.has(post.kind)) {
    const message = await postRemoteMessage(services, post.subjectId, { actorId: author.actorId, handle: author.handle, url: noteUrl, name: author.name, avatarUrl: author.avatarUrl, text });
    if (!message) return;
    await db.insert(federationReplies).values({ noteId: noteUrl, postId: post.id, actorId: author.actorId, eventId: post.subjectId, chatMessageId: message.id }).onConflictDoNothing();
  } else {
    await db.insert(federationReplies).values({ noteId: noteUrl, postId: post.id, actorId: author.actorId }).onConflictDoNothing();
    await db
      .insert(federationComments)
      .values({ id: newId(), noteId: noteUrl, postId: post.id, episodeId: post.subjectId, userId: post.userId, actorId: author.actorId, content: text, url: noteUrl, createdAt: nowIso() })
      .onConflictDoNothing();
  }
  await recountReplies(db, post.id);
  services.log.info({ postId: post.id, kind: post.kind, remoteActor: author.actorId }, 'federation: reply received');
}

/** A Like or Announce of one of our notes: counted once per remote actor; while the event is live, a line in its chat. */
export async function receiveReaction(services: ReplyServices, ctx: Context<void>, activity: Like | Announce, kind: FederationReactionKind): Promise<void> {
  if (!activity.id || !activity.actorId || !activity.objectId) return;
  const post = await postByNote(services.db, activity.objectId.href);
  if (!post) return;
  const { db } = services;
  const stored = await db
    .insert(federationReactions)
    .values({ postId: post.id, actorId: activity.actorId.href, kind, activityId: activity.id.href })
    .onConflictDoNothing()
    .returning({ postId: federationReactions.postId });
  if (stored.length === 0) return;
  await recountReactions(db, post.id);
  if (!chatKinds.has(post.kind) || !(await isLiveNow(db, post.subjectId))) return;
  const actor = await activity.getActor(ctx);
  if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return;
  const author = await rememberAuthor(db, actor);
  if (!author) return;
  const text = `${author.handle} ${kind === 'like' ? 'liked' : 'boosted'} this event`;
  await postRemoteMessage(services, post.subjectId, { actorId: author.actorId, handle: author.handle, url: author.url, name: author.name, avatarUrl: author.avatarUrl, text });
}

/** An Undo of a Like or Announce (named by its id, or embedded): the count goes back down. Answers whether it was one. */
export async function undoReaction(services: ReplyServices, ctx: Context<void>, undo: Undo): Promise<boolean> {
  if (!undo.actorId) return false;
  const actorId = undo.actorId.href;
  // Found by the undone activity's id first: a Like named by its id only cannot be fetched back once undone.
  if (undo.objectId && (await removeReactions(services.db, actorId, eq(federationReactions.activityId, undo.objectId.href)))) return true;
  const object = await undo.getObject(ctx);
  if (!(object instanceof Like || object instanceof Announce) || object.actorId?.href !== actorId || !object.objectId) return false;
  const post = await postByNote(services.db, object.objectId.href);
  if (!post) return false;
  const kind: FederationReactionKind = object instanceof Like ? 'like' : 'announce';
  return removeReactions(services.db, actorId, and(eq(federationReactions.postId, post.id), eq(federationReactions.kind, kind))!);
}

async function removeReactions(db: Db, actorId: string, match: SQL): Promise<boolean> {
  const rows = await db
    .delete(federationReactions)
    .where(and(match, eq(federationReactions.actorId, actorId)))
    .returning({ postId: federationReactions.postId });
  for (const postId of new Set(rows.map((row) => row.postId))) await recountReactions(db, postId);
  return rows.length > 0;
}

/**
 * A remote Delete: of a note (its chat message and comment go) or of the actor itself (all it left here goes: chat
 * messages, comments, likes and boosts). Only what the deleting actor wrote is touched.
 */
export async function receiveDelete(services: ReplyServices, deleted: Delete): Promise<void> {
  if (!deleted.actorId || !deleted.objectId) return;
  const actorId = deleted.actorId.href;
  const objectId = deleted.objectId.href;
  const { db } = services;
  const wholeActor = objectId === actorId;
  const replies = await db
    .select()
    .from(federationReplies)
    .where(wholeActor ? eq(federationReplies.actorId, actorId) : and(eq(federationReplies.noteId, objectId), eq(federationReplies.actorId, actorId)));
  if (wholeActor) await removeRemoteMessages(services, { actorId });
  else if (replies.length > 0) await removeRemoteMessages(services, { originUrl: objectId });
  const noteIds = replies.map((reply) => reply.noteId);
  if (noteIds.length > 0) {
    await db.delete(federationComments).where(and(inArray(federationComments.noteId, noteIds), eq(federationComments.actorId, actorId)));
    await db.delete(federationReplies).where(inArray(federationReplies.noteId, noteIds));
  }
  const reacted = wholeActor ? await db.delete(federationReactions).where(eq(federationReactions.actorId, actorId)).returning({ postId: federationReactions.postId }) : [];
  for (const postId of new Set(replies.map((reply) => reply.postId))) await recountReplies(db, postId);
  for (const postId of new Set(reacted.map((row) => row.postId))) await recountReactions(db, postId);
  if (wholeActor) await db.delete(federationRemoteAuthors).where(eq(federationRemoteAuthors.actorId, actorId));
  if (replies.length > 0 || reacted.length > 0) services.log.info({ remoteActor: actorId, wholeActor, replies: replies.length }, 'federation: remote delete applied');
}

const commentColumns = {
  comment: federationComments,
  handle: federationRemoteAuthors.handle,
  name: federationRemoteAuthors.name,
  avatarUrl: federationRemoteAuthors.avatarUrl,
  profileUrl: federationRemoteAuthors.url,
};

type CommentRow = { comment: typeof federationComments.$inferSelect; handle: string | null; name: string | null; avatarUrl: string | null; profileUrl: string | null };

function publicComment(row: CommentRow): PublicCommentOutput {
  return {
    id: row.comment.id,
    episodeId: row.comment.episodeId,
    content: row.comment.content,
    url: row.comment.url,
    createdAt: row.comment.createdAt,
    author: {
      actorId: row.comment.actorId,
      handle: row.handle ?? row.comment.actorId,
      name: row.name ?? row.handle ?? row.comment.actorId,
      avatarUrl: row.avatarUrl,
      url: row.profileUrl ?? row.comment.actorId,
    },
  };
}

/** The creator's comments waiting for approval and those approved (latest first, at most 200). */
export async function creatorComments(db: Db, userId: string): Promise<CommentOutput[]> {
  const rows = await db
    .select({ ...commentColumns, episodeName: podcastEpisodes.name })
    .from(federationComments)
    .leftJoin(federationRemoteAuthors, eq(federationRemoteAuthors.actorId, federationComments.actorId))
    .leftJoin(podcastEpisodes, eq(podcastEpisodes.id, federationComments.episodeId))
    .where(and(eq(federationComments.userId, userId), inArray(federationComments.status, ['pending', 'approved'])))
    .orderBy(desc(federationComments.createdAt), desc(federationComments.id))
    .limit(200);
  return rows.map((row) => ({ ...publicComment(row), status: row.comment.status, episodeName: row.episodeName ?? row.comment.episodeId }));
}

/** Approves or rejects one of the creator's comments. */
export async function decideComment(db: Db, userId: string, commentId: string, status: 'approved' | 'rejected'): Promise<{ id: string; status: 'approved' | 'rejected' }> {
  const updated = await db
    .update(federationComments)
    .set({ status })
    .where(and(eq(federationComments.id, commentId), eq(federationComments.userId, userId)))
    .returning({ id: federationComments.id });
  if (updated.length === 0) throw new DomainError({ code: 'NOT_FOUND', message: federationMessages.commentNotFound });
  return { id: commentId, status };
}

/** An episode's approved comments, oldest first, for anyone: only a public episode's (not members-only, published). */
export async function episodeComments(db: Db, origin: string, episodeId: string): Promise<PublicCommentOutput[]> {
  // Read as a replay: a premium event's replay is a teaser too.
  const subject = await subjectOf(db, origin, 'replay', episodeId);
  if (!subject || subject.teaser) throw new DomainError({ code: 'NOT_FOUND', message: federationMessages.episodeNotFound });
  const rows = await db
    .select(commentColumns)
    .from(federationComments)
    .leftJoin(federationRemoteAuthors, eq(federationRemoteAuthors.actorId, federationComments.actorId))
    .where(and(eq(federationComments.episodeId, episodeId), eq(federationComments.status, 'approved')))
    .orderBy(federationComments.createdAt, federationComments.id)
    .limit(200);
  return rows.map(publicComment);
}
