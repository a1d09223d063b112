import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { changedRows, firstRow, type Db } from '@db/store';
import { chatBans, chatMessages, chatRemoteBans } from '@db/schema/chat';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { chatBadgeMemberIds } from '@server/domains/memberships/membership-access';
import { chatBadgeOf, chatLimits, type BannedChatUser, type ChatBadge, type ChatMessage, type ChatStreamItem } from './chat.schemas';

type MessageRow = typeof chatMessages.$inferSelect;
type NewMessageRow = typeof chatMessages.$inferInsert;

/** One entry of a room's stream: the tracked id and what it carries. */
export interface ChatStreamEntry {
  id: string;
  item: ChatStreamItem;
}

/** A chat message as its row is written. */
function messageRow(message: ChatMessage): NewMessageRow {
  return {
    id: message.id,
    eventId: message.eventId,
    userId: message.origin ? null : message.userId,
    remoteActorId: message.origin ? message.userId : null,
    originHandle: message.origin?.handle ?? null,
    originUrl: message.origin?.url ?? null,
    displayName: message.displayName,
    photoUrl: message.photoURL,
    text: message.text,
    createdAt: message.createdAt,
  };
}

type StoredMessage = Pick<
  MessageRow,
  'id' | 'eventId' | 'userId' | 'remoteActorId' | 'originHandle' | 'originUrl' | 'displayName' | 'photoUrl' | 'text' | 'createdAt'
>;

/** Who sent a stored message: the local user, or the remote actor's id for a message from the Fediverse. */
function senderOf(row: Pick<StoredMessage, 'userId' | 'remoteActorId'>): string {
  return row.userId ?? row.remoteActorId ?? '';
}

export function toChatMessage(row: StoredMessage, badge: ChatBadge | null, memberBadge: boolean): ChatMessage {
  return {
    id: row.id,
    eventId: row.eventId,
    userId: senderOf(row),
    displayName: row.displayName,
    photoURL: row.photoUrl,
    text: row.text,
    createdAt: row.createdAt,
    badge,
    memberBadge,
    origin: row.originHandle !== null && row.originUrl !== null ? { kind: 'fediverse', handle: row.originHandle, url: row.originUrl } : null,
  };
}

/** A stored message with what its badge is made of: the sender's role and the event's creator. */
const messageWithBadge = {
  message: chatMessages,
  senderRole: users.role,
  hostId: events.userId,
};

type MessageWithBadge = { message: StoredMessage; senderRole: string | null; hostId: string };

function badgeOf(row: MessageWithBadge, memberBadge: boolean): ChatBadge | null {
  if (row.message.userId === null) return null;
  return chatBadgeOf(row.hostId, { id: row.message.userId, role: row.senderRole ?? '' }, memberBadge);
}

function messageEntry(row: MessageWithBadge, members: Set<string>): ChatStreamEntry {
  const memberBadge = row.message.userId !== null && members.has(row.message.userId);
  return { id: row.message.id, item: { type: 'message', message: toChatMessage(row.message, badgeOf(row, memberBadge), memberBadge) } };
}

export interface ChatStoreOptions {
  /** A queued message is written at most this long after it was sent. */
  flushDelayMs: number;
  /** A batch this large is written at once. */
  maxBatch: number;
  /** Told which messages were written (committed), after each flush. */
  onFlushed?: (rows: ReadonlyArray<{ id: string; eventId: string }>) => void;
}

/**
 * Chat persistence. New messages go to a small write-behind queue that is written in one transaction every few
 * milliseconds (or as soon as a batch fills up), so a busy room costs one commit per batch instead of one per
 * message. Batches are written one after another; every read flushes the queue and waits for the batches being
 * written first, so reads always see every sent message.
 */
export class ChatStore {
  private pending: NewMessageRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The batches taken so far, written in order; never rejects (a failed write is logged). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: ChatStoreOptions = { flushDelayMs: 5, maxBatch: 200 },
  ) {}

  enqueue(message: ChatMessage): void {
    this.pending.push(messageRow(message));
    if (this.pending.length >= this.options.maxBatch) this.flushInBackground();
    else this.timer ??= setTimeout(() => this.flushInBackground(), this.options.flushDelayMs);
  }

  private flushInBackground(): void {
    void this.flush().catch((error: unknown) => this.log.error({ err: error }, 'chat batch write failed'));
  }

  /** Writes every queued message now; resolves once every batch taken so far is stored (one transaction per batch). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) {
      const rows = this.pending;
      this.pending = [];
      this.writing = this.writing.then(() => this.write(rows));
    }
    return this.writing;
  }

  private async write(rows: NewMessageRow[]): Promise<void> {
    // Another instance may have stored a message first (from the ordered log's pending entries): the same id is the same message.
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(chatMessages).values(rows).onConflictDoNothing();
      });
    } catch (error) {
      // One bad row (its event or sender was deleted meanwhile) must not take the batch with it.
      this.log.warn({ err: error, count: rows.length }, 'chat batch write failed; writing messages one by one');
      for (const row of rows) {
        try {
          await this.db.insert(chatMessages).values(row).onConflictDoNothing();
        } catch (rowError) {
          this.log.warn({ err: rowError, messageId: row.id }, 'chat message dropped');
        }
      }
    }
    try {
      this.options.onFlushed?.(rows.map((row) => ({ id: row.id, eventId: row.eventId })));
    } catch (error) {
      this.log.error({ err: error, count: rows.length }, 'chat batch written, but telling the rooms failed');
    }
  }

  /**
   * Stores events another instance published but has not stored yet (the ordered log's pending entries), so a replay read
   * from here has them: messages (kept once, by id) and deletions. Bans were stored before they were published.
   */
  async absorb(entries: readonly ChatStreamEntry[]): Promise<void> {
    await this.flush();
    const writes = entries.map((entry) => async () => {
      if (entry.item.type === 'message') {
        const { message } = entry.item;
        await this.db.insert(chatMessages).values(messageRow(message)).onConflictDoNothing();
      } else if (entry.item.type === 'deleted') {
        await this.db.update(chatMessages).set({ deletedId: entry.id }).where(and(eq(chatMessages.id, entry.item.messageId), isNull(chatMessages.deletedId)));
      }
    });
    try {
      await this.db.transaction(async () => {
        for (const write of writes) await write();
      });
    } catch (error) {
      this.log.warn({ err: error, count: writes.length }, 'chat pending entries not stored together; storing them one by one');
      for (const write of writes) {
        try {
          await write();
        } catch (rowError) {
          this.log.warn({ err: rowError }, 'chat pending entry dropped');
        }
      }
    }
  }

  get queued(): number {
    return this.pending.length;
  }

  /**
   * The room's replay: without `afterId` the last 100 messages; with it, what came after it, including
   * deletions of messages the client already has. Ordered by tracked id.
   */
  async history(eventId: string, afterId?: string | null): Promise<ChatStreamEntry[]> {
    await this.flush();
    if (!afterId) {
      const rows = await this.selectMessages()
        .where(and(eq(chatMessages.eventId, eventId), isNull(chatMessages.deletedId)))
        .orderBy(desc(chatMessages.id))
        .limit(chatLimits.historySize);
      const members = await this.memberBadges(rows);
      return rows.reverse().map((row) => messageEntry(row, members));
    }
    const rows = await this.selectMessages()
      .where(and(eq(chatMessages.eventId, eventId), gt(chatMessages.id, afterId), isNull(chatMessages.deletedId)))
      .orderBy(asc(chatMessages.id));
    const members = await this.memberBadges(rows);
    const messages = rows.map((row) => messageEntry(row, members));
    const deletions = (
      await this.db
        .select({ id: chatMessages.id, deletedId: chatMessages.deletedId })
        .from(chatMessages)
        .where(and(eq(chatMessages.eventId, eventId), lte(chatMessages.id, afterId), gt(chatMessages.deletedId, afterId)))
    ).map((row): ChatStreamEntry => ({ id: row.deletedId!, item: { type: 'deleted', messageId: row.id } }));
    const entries = [...messages, ...deletions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return entries.slice(-chatLimits.resumeSize);
  }

  /** The senders among these messages (all of one room) whose membership of the room's creator carries the badge now. */
  private async memberBadges(rows: MessageWithBadge[]): Promise<Set<string>> {
    const hostId = rows[0]?.hostId;
    const senders = rows.flatMap((row) => (row.message.userId === null ? [] : [row.message.userId]));
    return hostId ? chatBadgeMemberIds(this.db, hostId, senders) : new Set();
  }

  private selectMessages() {
    return this.db
      .select(messageWithBadge)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.userId))
      .innerJoin(events, eq(events.id, chatMessages.eventId));
  }

  async findMessage(eventId: string, messageId: string): Promise<MessageRow | undefined> {
    await this.flush();
    return firstRow(
      this.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.eventId, eventId), eq(chatMessages.id, messageId))),
    );
  }

  async markDeleted(messageId: string, deletedId: string): Promise<void> {
    await this.flush();
    await this.db.update(chatMessages).set({ deletedId }).where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedId)));
  }

  async isBanned(eventId: string, userId: string): Promise<boolean> {
    return !!(await firstRow(
      this.db
        .select({ userId: chatBans.userId })
        .from(chatBans)
        .where(and(eq(chatBans.eventId, eventId), eq(chatBans.userId, userId))),
    ));
  }

  async isRemoteBanned(eventId: string, actorId: string): Promise<boolean> {
    return !!(await firstRow(
      this.db
        .select({ actorId: chatRemoteBans.actorId })
        .from(chatRemoteBans)
        .where(and(eq(chatRemoteBans.eventId, eventId), eq(chatRemoteBans.actorId, actorId))),
    ));
  }

  /** Bans a Fediverse actor from the room; answers whether it was not banned yet. */
  async banRemote(eventId: string, actorId: string, bannedBy: string): Promise<boolean> {
    return (await changedRows(this.db.insert(chatRemoteBans).values({ eventId, actorId, bannedBy }).onConflictDoNothing())) > 0;
  }

  /** The room's messages (not deleted yet) from a Fediverse actor, or showing one remote note. */
  async remoteMessageIds(filter: { actorId: string } | { originUrl: string }): Promise<Array<{ id: string; eventId: string }>> {
    await this.flush();
    const match = 'actorId' in filter ? eq(chatMessages.remoteActorId, filter.actorId) : eq(chatMessages.originUrl, filter.originUrl);
    return this.db.select({ id: chatMessages.id, eventId: chatMessages.eventId }).from(chatMessages).where(and(match, isNull(chatMessages.deletedId)));
  }

  async ban(eventId: string, userId: string, bannedBy: string): Promise<void> {
    await this.db.insert(chatBans).values({ eventId, userId, bannedBy }).onConflictDoNothing();
  }

  /** Lifts a ban; answers whether there was one. */
  async unban(eventId: string, userId: string): Promise<boolean> {
    return (await changedRows(this.db.delete(chatBans).where(and(eq(chatBans.eventId, eventId), eq(chatBans.userId, userId))))) > 0;
  }

  /** Everyone banned from the room, latest ban first, with the name they last chatted under there. */
  async bannedUsers(eventId: string): Promise<BannedChatUser[]> {
    await this.flush();
    const lastChatName = sql<string | null>`(
      select ${chatMessages.displayName} from ${chatMessages}
      where ${chatMessages.eventId} = ${chatBans.eventId} and ${chatMessages.userId} = ${chatBans.userId}
      order by ${chatMessages.id} desc limit 1
    )`;
    const rows = await this.db
      .select({
        userId: chatBans.userId,
        displayName: users.displayName,
        chatName: lastChatName,
        bannedAt: chatBans.createdAt,
        moderatorId: sql<string | null>`(select moderators.id from users moderators where moderators.id = ${chatBans.bannedBy})`,
        moderatorName: sql<string | null>`(select moderators.display_name from users moderators where moderators.id = ${chatBans.bannedBy})`,
      })
      .from(chatBans)
      .innerJoin(users, eq(users.id, chatBans.userId))
      .where(eq(chatBans.eventId, eventId))
      .orderBy(desc(chatBans.createdAt), asc(chatBans.userId));
    return rows.map(({ moderatorId, moderatorName, ...banned }) => ({
      ...banned,
      bannedBy: moderatorId !== null && moderatorName !== null ? { userId: moderatorId, displayName: moderatorName } : null,
      origin: null,
    }));
  }

  /** Writes what is still queued (before the database closes). */
  async close(): Promise<void> {
    await this.flush();
  }
}
