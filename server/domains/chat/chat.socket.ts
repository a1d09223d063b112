import { toTrpcError } from '@server/trpc/errors';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { TRPCError } from '@trpc/server';
import type { TrpcSocketFastPath, TrpcWebSocket } from '@server/trpc/ws';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { sharedCheck, watchAccess } from '@server/platform/access-watch';
import { requireActiveAccount } from '@server/domains/users/account-check';
import type { ChatServices } from './chat.service';
import type { ChatDelivery, ChatSink } from './chat.rooms';
import { chatMessagesInput, type ChatMessagesInput } from './chat.schemas';
import { isOpenRoom, requireOpenRoom } from './chat.service';

/** A socket whose unsent data passes this is too slow for the room and is dropped (it reconnects and resumes). */
export const maxBufferedBytesPerSocket = 512 * 1024;
const chatStreamPath = 'chat.messages';
const socketOpen = 1;

interface ClientMessage {
  id?: unknown;
  jsonrpc?: unknown;
  method?: unknown;
  params?: { path?: unknown; input?: unknown; lastEventId?: unknown };
}

/** One chat.messages subscription on one socket: writes the room's shared frames behind its own id. */
export class SocketSubscription implements ChatSink {
  detach: () => void = () => {};

  constructor(
    private readonly socket: WebSocket,
    /** `{"id":<subscription id>,"jsonrpc":"2.0",` — the part of every frame that belongs to this subscription. */
    private readonly framePrefix: string,
  ) {}

  deliver(delivery: ChatDelivery): void {
    if (this.socket.readyState !== socketOpen) return;
    if (this.socket.bufferedAmount > maxBufferedBytesPerSocket) {
      this.socket.terminate();
      return;
    }
    this.socket.send(this.framePrefix + delivery.frameTail);
  }

  sendResult(result: 'started' | 'stopped'): void {
    if (this.socket.readyState === socketOpen) this.socket.send(`${this.framePrefix}"result":{"type":"${result}"}}`);
  }

  /** Ends the subscription with tRPC's error frame for `refusal`, as tRPC would answer a new subscription. */
  sendRefusal(refusal: TRPCError): void {
    if (this.socket.readyState !== socketOpen) return;
    const httpStatus = getHTTPStatusCodeFromError(refusal);
    const error = { message: refusal.message, code: TRPC_ERROR_CODES_BY_KEY[refusal.code], data: { code: refusal.code, httpStatus, path: chatStreamPath, fieldErrors: null } };
    this.socket.send(`${this.framePrefix}"error":${JSON.stringify(error)}}`);
  }
}

/**
 * Serves `chat.messages` subscriptions of one /trpc socket straight from the room fan-out, in tRPC's own
 * wire format, and hands every other message to tRPC. A subscription that would fail (bad input, unknown
 * event) or that needs the caller's access (a premium event's room) is left to tRPC, so its checks and error frames stay tRPC's.
 * Whether a room is open is read from the database (it awaits): the socket's messages keep their order meanwhile
 * (the transport's message filter, server/trpc/ws.ts).
 */
class ChatSocketRouter {
  private readonly subscriptions = new Map<string | number, SocketSubscription>();
  private awaitingConnectionParams: boolean;
  /** The signed-in account behind the socket's token (connectionParams), whose deactivation ends its fast-path reads too. */
  private accountId: Promise<string | null> = Promise.resolve(null);
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly services: ChatServices,
    request: IncomingMessage,
  ) {
    this.awaitingConnectionParams = new URL(request.url ?? '/', 'http://localhost').searchParams.get('connectionParams') === '1';
    socket.once('close', () => {
      this.closed = true;
      for (const subscription of this.subscriptions.values()) subscription.detach();
      this.subscriptions.clear();
    });
  }

  /** Takes what belongs to the chat fan-out; answers what tRPC should still see (or null). */
  route(data: RawData, isBinary: boolean): RawData | null | Promise<RawData | null> {
    if (isBinary) return data;
    if (this.awaitingConnectionParams) {
      this.awaitingConnectionParams = false;
      this.accountId = this.accountOf(data.toString());
      return data;
    }
    const text = data.toString();
    if (!text.includes(chatStreamPath) && !text.includes('subscription.stop')) return data;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return data;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as ClientMessage[];
    const taken = this.takeAll(messages);
    return Array.isArray(taken) ? remainder(data, messages, taken) : taken.then((all) => remainder(data, messages, all));
  }

  /** The account id a connectionParams message's token names (null: no token, an API token or one that does not verify). */
  private async accountOf(text: string): Promise<string | null> {
    try {
      const token = (JSON.parse(text) as { data?: { token?: unknown } }).data?.token;
      if (typeof token !== 'string' || token === '') return null;
      return (await this.services.tokens.verify(token)).sub;
    } catch {
      return null;
    }
  }

  /** Whether each message was taken, one after another (synchronously unless a room has to be looked up). */
  private takeAll(messages: ClientMessage[]): boolean[] | Promise<boolean[]> {
    const taken: boolean[] = [];
    for (let index = 0; index < messages.length; index += 1) {
      const result = this.take(messages[index]!);
      if (typeof result !== 'boolean') return this.takeRest(messages, taken, index, result);
      taken.push(result);
    }
    return taken;
  }

  private async takeRest(messages: ClientMessage[], taken: boolean[], index: number, pending: Promise<boolean>): Promise<boolean[]> {
    taken.push(await pending);
    for (const message of messages.slice(index + 1)) taken.push(await this.take(message));
    return taken;
  }

  private take(message: ClientMessage): boolean | Promise<boolean> {
    if (typeof message !== 'object' || message === null) return false;
    const id = message.id;
    if (typeof id !== 'string' && typeof id !== 'number') return false;
    if (message.method === 'subscription.stop') {
      const subscription = this.subscriptions.get(id);
      if (!subscription) return false;
      this.subscriptions.delete(id);
      subscription.detach();
      subscription.sendResult('stopped');
      return true;
    }
    if (message.method !== 'subscription' || message.params?.path !== chatStreamPath || this.subscriptions.has(id)) return false;
    const rawInput = message.params.input;
    const lastEventId = message.params.lastEventId;
    const input = chatMessagesInput.safeParse(
      lastEventId !== undefined && typeof rawInput === 'object' && rawInput !== null ? { ...rawInput, lastEventId } : rawInput,
    );
    if (!input.success) return false;
    return this.subscribeIfOpen(id, message.jsonrpc, input.data);
  }

  private async subscribeIfOpen(id: string | number, jsonrpcValue: unknown, input: ChatMessagesInput): Promise<boolean> {
    let open: boolean;
    try {
      open = await isOpenRoom(this.services.db, input.eventId);
    } catch (error) {
      this.services.log.error({ err: error, eventId: input.eventId }, 'chat: room lookup failed; the subscription goes to tRPC');
      return false;
    }
    // Premium rooms (and anything that would fail) go to tRPC, which knows the caller and checks their access.
    if (!open || this.subscriptions.has(id)) return false;
    // The socket closed while the room was looked up: nothing to serve.
    if (this.closed) return true;

    const jsonrpc = jsonrpcValue === undefined ? '' : `,"jsonrpc":${JSON.stringify(jsonrpcValue)}`;
    const subscription = new SocketSubscription(this.socket, `{"id":${JSON.stringify(id)}${jsonrpc},`);
    this.subscriptions.set(id, subscription);
    subscription.sendResult('started');
    const detachFromRoom = this.services.chat.rooms.attach(input.eventId, subscription, input.lastEventId);
    // A room that stops being open (the event turned premium), or a reader's account deactivated, ends its fast-path
    // readers with the refusal tRPC gives.
    const stopWatch = watchAccess(
      async () => {
        const { db } = this.services;
        const accountId = await this.accountId;
        if (accountId) await sharedCheck(db, `account:${accountId}`, () => requireActiveAccount(db, accountId));
        await sharedCheck(db, `open-room:${input.eventId}`, () => requireOpenRoom(db, input.eventId));
      },
      (refusal) => {
        this.subscriptions.delete(id);
        subscription.detach();
        subscription.sendRefusal(toTrpcError(refusal));
      },
    );
    subscription.detach = () => {
      stopWatch();
      detachFromRoom();
    };
    return true;
  }
}

/** What of a socket message tRPC should still see once `taken` of its messages were served here (null: nothing). */
function remainder(data: RawData, messages: ClientMessage[], taken: boolean[]): RawData | null {
  const rest = messages.filter((_message, index) => !taken[index]);
  if (rest.length === messages.length) return data;
  if (rest.length === 0) return null;
  return Buffer.from(JSON.stringify(rest.length === 1 ? rest[0] : rest));
}

/**
 * The chat rooms' fast path on the /trpc socket (registered by chat.plugin.ts on the transport's hook,
 * server/trpc/ws.ts): `chat.messages` subscriptions served by the room fan-out (one serialisation per message for the
 * whole room instead of one per subscriber), every other message left to tRPC's handler.
 */
export function chatFanout(services: ChatServices): TrpcSocketFastPath {
  return {
    connect(socket, request) {
      const router = new ChatSocketRouter(socket, services, request);
      return (data, isBinary) => router.route(data, isBinary);
    },
  };
}

/** The transport's hook the chat plugin registers its fast path on. */
export type TrpcSocketHook = Pick<TrpcWebSocket, 'addFastPath'>;
