import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import type { Bus } from '@server/lib/bus';
import { ChatRooms } from './chat.rooms';
import { ChatStore, type ChatStoreOptions } from './chat.store';
import { createMessageIdFactory } from './message-ids';

/** The chat's per-app state: the write-behind store, the live rooms and the id sequence. */
export class ChatRuntime {
  readonly store: ChatStore;
  readonly rooms: ChatRooms;
  readonly nextId: () => string;

  constructor(db: Db, bus: Bus, log: FastifyBaseLogger, storeOptions?: ChatStoreOptions) {
    this.store = new ChatStore(db, log, storeOptions);
    this.rooms = new ChatRooms(bus, this.store);
    this.nextId = createMessageIdFactory();
  }

  /** Writes what is still queued; call before the database closes. */
  close(): void {
    this.store.close();
  }
}
