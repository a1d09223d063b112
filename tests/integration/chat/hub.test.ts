import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import { hubMessages } from '@server/domains/hub/hub.schemas';
import { publishHubMessage } from '@server/domains/hub/hub.service';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { baseUrl, insertEvent, socketClient, waitFor } from './chat-helpers';

describe('real-time hub', () => {
  let t: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let eventId: string;
  const opened: HubConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    creator = await createUser(t.app, { role: 'dj' });
    viewer = await createUser(t.app, { role: 'viewer' });
    eventId = await insertEvent(t.app, creator.id);
  });
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
    await t.close();
  });

  /** The unchanged @microsoft/signalr client, as a page would use it (negotiate, then websockets). */
  async function connect(groupId: string, token?: string) {
    const connection = new HubConnectionBuilder()
      .withUrl(`${baseUrl(t.app, 'http')}/msgHub?groupId=${encodeURIComponent(groupId)}`, {
        transport: HttpTransportType.WebSockets,
        ...(token ? { accessTokenFactory: () => token } : {}),
      })
      .configureLogging(LogLevel.None)
      .build();
    const received: unknown[][] = [];
    connection.on('ReceiveMessage', (...args: unknown[]) => received.push(args));
    await connection.start();
    opened.push(connection);
    return { connection, received };
  }

  it('delivers SendMessage to the members of that group only', async () => {
    const creatorGroup = creator.id;
    const eventGroup = `${creator.id}-${eventId}`;
    const creatorListener = await connect(creatorGroup);
    const eventListener = await connect(eventGroup);
    const sender = await connect(eventGroup, viewer.token);

    await sender.connection.invoke('SendMessage', eventGroup, 'Vera joined the show');
    await waitFor(() => eventListener.received.length === 1 && sender.received.length === 1);
    await sender.connection.invoke('SendMessage', creatorGroup, 'for the creator group');
    await waitFor(() => creatorListener.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(eventListener.received).toEqual([['Vera joined the show', eventGroup]]);
    expect(creatorListener.received).toEqual([['for the creator group', creatorGroup]]);
    expect(sender.received).toEqual([['Vera joined the show', eventGroup]]);
  });

  it('refuses to send without a token and to unknown groups; receiving stays public', async () => {
    const anonymous = await connect(creator.id);
    await expect(anonymous.connection.invoke('SendMessage', creator.id, 'hi')).rejects.toThrow(hubMessages.signInToSend);
    const signedIn = await connect(creator.id, viewer.token);
    await expect(signedIn.connection.invoke('SendMessage', 'nobody-nothing', 'hi')).rejects.toThrow(hubMessages.unknownGroup);
    await expect(signedIn.connection.invoke('SendMessage', creator.id, '   ')).rejects.toThrow(hubMessages.textRequired);
    await expect(connect('no-such-group')).rejects.toThrow();
  });

  it('answers the negotiate and the handshake as the SignalR protocol says, and pings', async () => {
    const negotiate = await fetch(`${baseUrl(t.app, 'http')}/msgHub/negotiate?groupId=${creator.id}&negotiateVersion=1`, { method: 'POST' });
    const answer = (await negotiate.json()) as { negotiateVersion: number; connectionToken: string; availableTransports: unknown[] };
    expect(answer).toMatchObject({ negotiateVersion: 1, availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] });
    const socket = new WebSocket(`${baseUrl(t.app, 'ws')}/msgHub?groupId=${creator.id}&id=${answer.connectionToken}`);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('{"protocol":"json","version":1}\u001e');
    await waitFor(() => frames.length === 1);
    expect(frames[0]).toBe('{}\u001e');
    socket.send('{"type":1,"invocationId":"7","target":"SendMessage","arguments":["x","y"]}\u001e');
    await waitFor(() => frames.length === 2);
    expect(JSON.parse(frames[1]!.slice(0, -1))).toEqual({ type: 3, invocationId: '7', error: hubMessages.signInToSend });
    socket.send('{"type":7}\u001e');
    await new Promise((resolve) => socket.once('close', resolve));

    const reused = new WebSocket(`${baseUrl(t.app, 'ws')}/msgHub?groupId=${creator.id}&id=${answer.connectionToken}`);
    const refusal = await new Promise<string>((resolve) => reused.once('message', (data) => resolve(data.toString())));
    expect(refusal).toContain('negotiate again');
  });

  it('shares one bus with the tRPC hub procedures and server-side publishers', async () => {
    const secondEventId = await insertEvent(t.app, creator.id);
    const group = `${creator.id}-${secondEventId}`;
    const signalR = await connect(group);
    const socket = socketClient(t.app, viewer.token);
    const viaTrpc: Array<{ group: string; text: string }> = [];
    const subscription = socket.client.hub.messages.subscribe({ groupId: group }, { onData: (message) => viaTrpc.push(message) });
    await waitFor(() => t.app.services.bus.listenerCount({ name: `hub:${group}` }) === 2);

    expect(await publishHubMessage(t.app.services, group, 'Welcome, Vera!')).toEqual({ delivered: 2 });
    await socket.client.hub.send.mutate({ group, text: 'Tip received: $5.00' });
    await waitFor(() => viaTrpc.length === 2 && signalR.received.length === 2);
    expect(viaTrpc.map((message) => message.text)).toEqual(['Welcome, Vera!', 'Tip received: $5.00']);
    expect(signalR.received.map((args) => args[0])).toEqual(['Welcome, Vera!', 'Tip received: $5.00']);

    const guest = socketClient(t.app);
    await expect(guest.client.hub.send.mutate({ group, text: 'hi' })).rejects.toThrow('Invalid access_token');
    await expect(publishHubMessage(t.app.services, 'unknown', 'x')).rejects.toThrow(hubMessages.unknownGroup);
    subscription.unsubscribe();
    await Promise.all([socket.close(), guest.close()]);
  });
});
