import { TRPCError } from '@trpc/server';
import { DomainError } from '@server/platform/errors';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ZodError } from 'zod';
import { bearerToken, resolveActor, type Actor, type AppServices } from '@server/trpc/context';
import { enforceApiTokenScope } from '@server/trpc/init';
import { validationMessage, zodFieldErrors } from '@server/platform/errors';
import { hubMessages, sendHubInput } from './hub.schemas';
import { watchAccess } from '@server/platform/access-watch';
import { hubTopic, recheckHub, requireHubAccess, resolveHubGroup, sendHubMessage, type HubDelivery } from './hub.service';

/**
 * /msgHub: the real-time hub for SignalR clients (`@microsoft/signalr`, unchanged). Negotiate (version 1)
 * offers the WebSockets transport; the socket speaks the JSON hub protocol: handshake, `SendMessage(group, text)`
 * invocations (with a completion when they carry an id), `ReceiveMessage(text, group)` to the connection's group
 * (`?groupId=`), pings every 15 seconds and a close message. Sending needs `access_token`; receiving is public.
 */
const recordSeparator = '\u001e';
const pingIntervalMs = 15_000;
/** A client that says nothing (not even its own pings, every 15 s) for this long is gone. */
const clientTimeoutMs = 40_000;
const negotiateTtlMs = 60_000;
const maxBufferedBytes = 256 * 1024;

const messageType = { invocation: 1, streamItem: 2, completion: 3, streamInvocation: 4, cancelInvocation: 5, ping: 6, close: 7 } as const;
const pingFrame = `${JSON.stringify({ type: messageType.ping })}${recordSeparator}`;

interface HubRecord {
  type?: unknown;
  invocationId?: unknown;
  target?: unknown;
  arguments?: unknown;
}

function frame(message: object): string {
  return `${JSON.stringify(message)}${recordSeparator}`;
}

function errorText(error: unknown): string {
  if (error instanceof DomainError || error instanceof TRPCError) {
    return error.cause instanceof ZodError ? validationMessage(zodFieldErrors(error.cause)) : error.message;
  }
  if (error instanceof ZodError) return validationMessage(zodFieldErrors(error));
  return 'An unexpected error occurred invoking the method on the server.';
}

/**
 * Negotiate hands out a connection token usable once within a minute, kept in `services.once`: the socket that
 * presents it may reach another instance than the negotiate did.
 */
async function issueConnection(services: AppServices): Promise<{ connectionId: string; connectionToken: string }> {
  const connectionToken = randomBytes(16).toString('base64url');
  await services.once.put(`signalr:${connectionToken}`, '1', negotiateTtlMs);
  return { connectionId: randomBytes(16).toString('base64url'), connectionToken };
}

async function consumeConnection(services: AppServices, connectionToken: string): Promise<boolean> {
  return (await services.once.take(`signalr:${connectionToken}`)) !== null;
}

class HubConnection {
  private buffer = '';
  private handshakeDone = false;
  private lastSeen = Date.now();
  private unsubscribe: (() => void) | null = null;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly stopWatch: () => void;

  constructor(
    private readonly socket: WebSocket,
    private readonly services: AppServices,
    private readonly group: string,
    private readonly actor: Actor | null,
    private readonly connections: Set<HubConnection>,
    /** Messages that arrived while the connection was being authorised, in order. */
    early: Array<[RawData, boolean]>,
  ) {
    connections.add(this);
    this.pingTimer = setInterval(() => this.keepAlive(), pingIntervalMs);
    this.pingTimer.unref();
    // Access is re-checked while the connection stays open; losing it closes the connection with the refusal's text.
    this.stopWatch = watchAccess(() => recheckHub(services.db, actor, group), (refusal) => this.close(refusal.message, false));
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.once('close', () => this.dispose());
    for (const [data, isBinary] of early) this.receive(data, isBinary);
  }

  private keepAlive(): void {
    if (Date.now() - this.lastSeen > clientTimeoutMs) {
      this.close('Server timeout elapsed without receiving a message from the client.');
      return;
    }
    if (this.handshakeDone) this.write(pingFrame);
  }

  private write(text: string): void {
    if (this.socket.readyState !== 1) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    if (isBinary) {
      this.close('Only the JSON hub protocol (text frames) is supported.');
      return;
    }
    this.buffer += data.toString();
    if (this.buffer.length > 1024 * 1024) {
      this.close('Message too large.');
      return;
    }
    let end: number;
    while ((end = this.buffer.indexOf(recordSeparator)) >= 0) {
      const record = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      if (!this.handshakeDone) this.handshake(record);
      else this.handle(record);
      if (this.socket.readyState !== 1) return;
    }
  }

  private handshake(record: string): void {
    let request: { protocol?: unknown; version?: unknown };
    try {
      request = JSON.parse(record) as typeof request;
    } catch {
      this.rejectHandshake('The handshake request is not valid JSON.');
      return;
    }
    if (request.protocol !== 'json') {
      this.rejectHandshake(`The protocol '${String(request.protocol)}' is not supported; use 'json'.`);
      return;
    }
    if (request.version !== 1) {
      this.rejectHandshake(`The server does not support version ${String(request.version)} of the 'json' protocol.`);
      return;
    }
    this.handshakeDone = true;
    this.write(`{}${recordSeparator}`);
    this.unsubscribe = this.services.bus.subscribe(hubTopic(this.group), (delivery: HubDelivery) => this.write(delivery.signalRFrame));
  }

  private rejectHandshake(error: string): void {
    this.write(frame({ error }));
    this.socket.close(1002, 'Handshake failed');
  }

  private handle(text: string): void {
    let record: HubRecord;
    try {
      record = JSON.parse(text) as HubRecord;
    } catch {
      this.close('Error parsing a message from the client.');
      return;
    }
    const invocationId = typeof record.invocationId === 'string' ? record.invocationId : null;
    switch (record.type) {
      case messageType.invocation:
        this.invoke(record, invocationId);
        return;
      case messageType.streamInvocation:
        if (invocationId) this.write(frame({ type: messageType.completion, invocationId, error: 'Streaming methods are not supported by this hub.' }));
        return;
      case messageType.ping:
      case messageType.cancelInvocation:
      case messageType.streamItem:
      case messageType.completion:
        return;
      case messageType.close:
        this.socket.close(1000);
        return;
      default:
        this.close('Unknown message type.');
    }
  }

  private invoke(record: HubRecord, invocationId: string | null): void {
    const complete = (outcome: { error: string } | { result: null }) => {
      if (invocationId) this.write(frame({ type: messageType.completion, invocationId, ...outcome }));
    };
    const target = typeof record.target === 'string' ? record.target : '';
    if (target.toLowerCase() !== 'sendmessage') {
      complete({ error: `Unknown hub method '${target}'` });
      return;
    }
    if (!this.actor) {
      complete({ error: hubMessages.signInToSend });
      return;
    }
    const [group, text] = Array.isArray(record.arguments) ? (record.arguments as unknown[]) : [];
    const actor = this.actor;
    const fail = (error: unknown) => {
      if (!(error instanceof DomainError || error instanceof TRPCError || error instanceof ZodError)) this.services.log.error({ err: error }, 'hub invocation failed');
      complete({ error: errorText(error) });
    };
    try {
      // Same scope as hub.send: this path answers without a procedure.
      enforceApiTokenScope({ actor, services: this.services }, 'chat:write')
        .then(() => sendHubMessage(this.services, actor, sendHubInput.parse({ group, text })))
        .then(() => complete({ result: null }), fail);
    } catch (error) {
      fail(error);
    }
  }

  close(error?: string, allowReconnect = true): void {
    this.write(frame(error ? { type: messageType.close, error, allowReconnect } : { type: messageType.close }));
    this.socket.close(1000);
  }

  private dispose(): void {
    clearInterval(this.pingTimer);
    this.stopWatch();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.connections.delete(this);
  }
}

function queryOf(url: string): URLSearchParams {
  return new URL(url, 'http://localhost').searchParams;
}

export function registerSignalRHub(app: FastifyInstance, services: AppServices): void {
  const connections = new Set<HubConnection>();
  app.addHook('preClose', async () => {
    for (const connection of [...connections]) connection.close();
  });

  app.post('/msgHub/negotiate', async (request, reply) => {
    const query = queryOf(request.url);
    const groupId = query.get('groupId') ?? '';
    if (!(await resolveHubGroup(services.db, groupId))) return reply.code(404).send({ message: hubMessages.unknownGroup });
    const { actor } = await resolveActor(services, query.get('access_token') ?? bearerToken(request.headers.authorization));
    await requireHubAccess(services.db, actor, groupId);
    return { negotiateVersion: 1, ...(await issueConnection(services)), availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] };
  });

  app.get('/msgHub', { websocket: true }, async (socket, request) => {
    // Listeners must be attached synchronously: keep what the client sends while its token is checked.
    const early: Array<[RawData, boolean]> = [];
    const keepEarly = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    socket.on('message', keepEarly);
    const query = queryOf(request.url);
    const groupId = query.get('groupId') ?? '';
    const connectionToken = query.get('id');
    // Browsers cannot set headers on a websocket, so SignalR puts the token in the query; Node clients send a header.
    const token = query.get('access_token') ?? bearerToken(request.headers.authorization);
    const refuse = (reason: string) => {
      socket.send(frame({ error: reason }));
      socket.close(1008, reason.slice(0, 120));
    };
    if (connectionToken !== null && !(await consumeConnection(services, connectionToken))) return refuse('Unknown or expired connection id; negotiate again.');
    if (!(await resolveHubGroup(services.db, groupId))) return refuse(hubMessages.unknownGroup);
    const { actor, authError } = await resolveActor(services, token);
    if (token && !actor) return refuse(authError ?? 'Invalid access_token');
    try {
      await requireHubAccess(services.db, actor, groupId);
    } catch (error) {
      return refuse(errorText(error));
    }
    socket.off('message', keepEarly);
    if (socket.readyState !== 1) return;
    new HubConnection(socket, services, groupId, actor, connections, early);
  });
}
