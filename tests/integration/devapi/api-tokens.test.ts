import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '@db/schema/api-tokens';
import { users } from '@db/schema/users';
import type { ApiTokenScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { createCuepointClient } from '../../../client/index';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { firstRow } from '@db/store';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

async function tokenFor(user: TestUser, scopes: ApiTokenScope[], extra: { expiresInDays?: number } = {}) {
  return (await callerAs(t.app, user.token)).apiTokens.create({ name: `script ${scopes.join(' ')}`, scopes, ...extra });
}

/** POST /trpc/<path> as a batch-less mutation, like any HTTP tRPC client. */
async function trpcMutation(path: string, token: string, input: unknown) {
  const response = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: bearer(token), payload: input as object });
  return { status: response.statusCode, body: response.json() as { error?: { message: string }; result?: { data: unknown } } };
}
async function trpcQuery(path: string, token: string) {
  const response = await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() as { error?: { message: string }; result?: { data: unknown } } };
}

describe('API tokens', () => {
  it('a token with events:read lists events and is refused events.create, with the scope named', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    await (await callerAs(t.app, dj.token)).events.create({ name: 'Made in the dashboard' });
    const { token } = await tokenFor(dj, ['events:read']);

    const listed = await trpcQuery('events.list', token);
    expect(listed.status).toBe(200);
    expect((listed.body.result?.data as Array<{ name: string }>).map((event) => event.name)).toEqual(['Made in the dashboard']);

    const refused = await trpcMutation('events.create', token, { name: 'From a script' });
    expect([refused.status, refused.body.error?.message]).toEqual([403, 'This API token lacks the scope events:write']);

    // The typed client says the same.
    const client = createCuepointClient({ url: baseUrl, token });
    expect((await client.events.list.query()).map((event) => event.name)).toEqual(['Made in the dashboard']);
    await expect(client.events.create.mutate({ name: 'From a script' })).rejects.toThrow('This API token lacks the scope events:write');
    await client.close();

    // events:write includes reading.
    const { token: writer } = await tokenFor(dj, ['events:write']);
    expect((await trpcMutation('events.create', writer, { name: 'From a script' })).status).toBe(200);
    expect((await trpcQuery('events.list', writer)).status).toBe(200);
  });

  it('answers the token once and stores only its SHA-256', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const created = await tokenFor(dj, ['events:read', 'events:read', 'chat:write'], { expiresInDays: 30 });
    expect(created.token).toMatch(/^cp_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken.scopes).toEqual(['events:read', 'chat:write']);
    expect(Date.parse(created.apiToken.expiresAt!) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const row = (await firstRow(t.app.services.db.select().from(apiTokens).where(eq(apiTokens.id, created.apiToken.id))))!;
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(3));

    const listed = await (await callerAs(t.app, dj.token)).apiTokens.list();
    expect(listed.map((token) => token.id)).toEqual([created.apiToken.id]);
    expect(JSON.stringify(listed)).not.toContain(created.token.slice(3));
  });

  it('acts as its owner within its scopes and names the missing scope', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const { token } = await tokenFor(dj, ['events:read']);
    const refused = await trpcMutation('hub.send', token, { group: dj.id, text: 'hello' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('This API token lacks the scope chat:write');

    const { token: chatToken } = await tokenFor(dj, ['chat:write']);
    const sent = await trpcMutation('hub.send', chatToken, { group: dj.id, text: 'hello' });
    expect(sent.status).toBe(200);

    // Public procedures answer any token.
    expect((await trpcQuery('system.health', token)).status).toBe(200);
  });

  it('cannot create tokens, emulate, change passwords or use session-only screens', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const dj = await createUser(t.app, { role: 'dj' });
    const { token } = await tokenFor(admin, ['admin', 'events:read', 'events:write', 'chat:write', 'webhooks:manage']);
    const sessionOnly = 'API tokens cannot use this procedure; sign in instead';

    const create = await trpcMutation('apiTokens.create', token, { name: 'more', scopes: ['events:read'] });
    expect([create.status, create.body.error?.message]).toEqual([403, sessionOnly]);
    const changePassword = await trpcMutation('users.changePassword', token, { currentPassword: 'test-password', newPassword: 'another-password-1', confirmPassword: 'another-password-1' });
    expect([changePassword.status, changePassword.body.error?.message]).toEqual([403, sessionOnly]);
    const emulate = await t.app.inject({ method: 'GET', url: `/api/user/emulate/${dj.id}`, headers: bearer(token) });
    expect([emulate.statusCode, emulate.json().message]).toEqual([403, sessionOnly]);
    const demo = await t.app.inject({ method: 'GET', url: '/api/mail-app/folders', headers: bearer(token) });
    expect([demo.statusCode, demo.json().message]).toEqual([403, sessionOnly]);

    // The admin scope works on admin procedures.
    const adminList = await trpcQuery('adminUsers.list', token);
    expect(adminList.status).toBe(200);
  });

  it('gives the admin scope only to admins, and never while emulating', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    await expect(tokenFor(dj, ['admin'])).rejects.toThrow('Only admins can give a token the admin scope');
    const viewer = await createUser(t.app, { role: 'viewer' });
    await expect(tokenFor(viewer, ['events:read'])).rejects.toThrow('You do not have permission to do this');

    const admin = await createUser(t.app, { role: 'admin' });
    const emulation = await (await callerAs(t.app, admin.token)).users.emulate({ id: dj.id });
    await expect((await callerAs(t.app, emulation.token)).apiTokens.create({ name: 'x', scopes: ['events:read'] })).rejects.toThrow(
      'Stop emulating to manage API tokens',
    );
  });

  it('answers 401 from the next request after a revoke, after expiry and for a deactivated owner', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const { token, apiToken } = await tokenFor(dj, ['chat:write']);
    const send = () => trpcMutation('hub.send', token, { group: dj.id, text: 'hi' });
    expect((await send()).status).toBe(200);

    await (await callerAs(t.app, dj.token)).apiTokens.revoke({ id: apiToken.id });
    const revoked = await send();
    expect([revoked.status, revoked.body.error?.message]).toEqual([401, 'This API token has been revoked']);
    const rest = await t.app.inject({ method: 'GET', url: '/api/termsConditions', headers: bearer(token) });
    expect([rest.statusCode, rest.json().message]).toEqual([401, 'This API token has been revoked']);

    const expiring = await tokenFor(dj, ['chat:write'], { expiresInDays: 1 });
    expect((await trpcMutation('hub.send', expiring.token, { group: dj.id, text: 'hi' })).status).toBe(200);
    await t.app.services.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(apiTokens.id, expiring.apiToken.id));
    const expired = await trpcMutation('hub.send', expiring.token, { group: dj.id, text: 'hi' });
    expect([expired.status, expired.body.error?.message]).toEqual([401, 'This API token has expired']);

    const fresh = await tokenFor(dj, ['chat:write']);
    await t.app.services.db.update(users).set({ isActive: false }).where(eq(users.id, dj.id));
    const deactivated = await trpcMutation('hub.send', fresh.token, { group: dj.id, text: 'hi' });
    expect([deactivated.status, deactivated.body.error?.message]).toEqual([401, 'Invalid access_token']);
  });

  it('records when a token was last used, at most once a minute', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const { token, apiToken } = await tokenFor(dj, ['chat:write']);
    expect(apiToken.lastUsedAt).toBeNull();
    await trpcMutation('hub.send', token, { group: dj.id, text: 'hi' });
    const first = (await (await callerAs(t.app, dj.token)).apiTokens.list())[0]!.lastUsedAt;
    expect(first).not.toBeNull();
    await trpcMutation('hub.send', token, { group: dj.id, text: 'hi' });
    expect((await (await callerAs(t.app, dj.token)).apiTokens.list())[0]!.lastUsedAt).toBe(first);
  });

  it('works over the websocket (connectionParams.token), and a revoke counts on the same connection', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const { token, apiToken } = await tokenFor(dj, ['chat:write']);
    const client = createCuepointClient({ url: baseUrl, token });
    try {
      // A subscription opens the socket; the mutation below then goes over HTTP and the checks run per call.
      const ticks: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const subscription = client.system.ticks.subscribe(
          { count: 2, intervalMs: 10 },
          {
            onData: (event) => {
              ticks.push(event.data.sequence);
              if (ticks.length === 2) {
                subscription.unsubscribe();
                resolve();
              }
            },
            onError: reject,
          },
        );
      });
      expect(ticks).toEqual([1, 2]);
      expect((await client.hub.send.mutate({ group: dj.id, text: 'over http' })).delivered).toBeGreaterThanOrEqual(0);
    } finally {
      await client.close();
    }

    // A socket whose context was made before the revoke: its next call is refused.
    const { createTRPCClient, createWSClient, wsLink } = await import('@trpc/client');
    const WebSocket = (await import('ws')).default;
    const wsClient = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never, connectionParams: { token } });
    const wsOnly = createTRPCClient<import('@server/trpc/root').AppRouter>({ links: [wsLink({ client: wsClient })] });
    try {
      expect((await wsOnly.hub.send.mutate({ group: dj.id, text: 'over ws' })).delivered).toBeGreaterThanOrEqual(0);
      await (await callerAs(t.app, dj.token)).apiTokens.revoke({ id: apiToken.id });
      await expect(wsOnly.hub.send.mutate({ group: dj.id, text: 'after revoke' })).rejects.toThrow('This API token has been revoked');
    } finally {
      await wsClient.close();
    }
  });

  it('needs chat:write to send on the SignalR hub (/msgHub), which has no procedure of its own', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const connect = async (token: string) => {
      const connection = new HubConnectionBuilder()
        .withUrl(`${baseUrl}/msgHub?groupId=${encodeURIComponent(dj.id)}`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      await connection.start();
      return connection;
    };
    const reader = await connect((await tokenFor(dj, ['events:read'])).token);
    const writer = await connect((await tokenFor(dj, ['chat:write'])).token);
    try {
      await expect(reader.invoke('SendMessage', dj.id, 'hello')).rejects.toThrow('This API token lacks the scope chat:write');
      await expect(writer.invoke('SendMessage', dj.id, 'hello')).resolves.toBeNull();
    } finally {
      await reader.stop();
      await writer.stop();
    }
  });
});
