import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import type { OrderedLog } from '@server/platform/ordered-log';
import { ChatRooms } from './chat.rooms';
import { ChatStore, type ChatStoreOptions } from './chat.store';
import { createMessageIdFactory } from './message-ids';

/** The chat's per-app state: the write-behind store, the live rooms and the id sequence. */
export class ChatRuntime {
  readonly store: ChatStore;
  readonly rooms: ChatRooms;
  readonly nextId: () => string;

  constructor(db: Db, orderedLog: OrderedLog, log: FastifyBaseLogger, storeOptions: ChatStoreOptions = { flushDelayMs: 5, maxBatch: 200 }) {
    // Across instances, a message stays readable from the ordered log until it is in the database (see ChatRooms).
    const onFlushed = orderedLog.kind === 'memory' ? undefined : (rows: ReadonlyArray<{ id: string; eventId: string }>) => this.settle(rows);
    this.store = new ChatStore(db, log, { ...storeOptions, ...(onFlushed && { onFlushed }) });
    this.rooms = new ChatRooms(orderedLog, this.store, log);
    this.nextId = createMessageIdFactory();
  }

  private settle(rows: ReadonlyArray<{ id: string; eventId: string }>): void {
    const byEvent = new Map<string, string[]>();
    for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.id]);
    for (const [eventId, ids] of byEvent) this.rooms.settle(eventId, ids);
  }

  /** Writes what is still queued; call before the database closes. */
  close(): Promise<void> {
    return this.store.close();
  }
}
