import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { products } from '@db/schema/billing';
import { createContext } from '@server/trpc/context';
import { seedProducts } from '../../seed/accounts';
import { appRouter, type AppRouter } from '@server/trpc/root';
import { createTestApp, createUser, testPassword, type TestApp, type TestUser } from '../helpers/app';

function origin(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

interface Raw {
  status: number;
  contentType: string | null;
  body: unknown;
  /** The stock adapter streams its answer (chunked); the fast path sends a Content-Length. */
  answeredByFastPath: boolean;
}

async function raw(base: string, path: string, init: RequestInit = {}): Promise<Raw> {
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : null,
    answeredByFastPath: response.headers.get('transfer-encoding') !== 'chunked' && response.headers.get('content-length') !== null,
  };
}

describe('tRPC HTTP fast path', () => {
  let t: TestApp;
  let stock: FastifyInstance;
  let fastBase: string;
  let stockBase: string;
  let creator: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    fastBase = origin(t.app);
    // The same router and context behind tRPC's own Fastify adapter and nothing else: the reference answers.
    stock = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
    await stock.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router: appRouter, createContext: ({ req, info }) => createContext(t.app.services, req, info.connectionParams) },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
    await stock.listen({ host: '127.0.0.1', port: 0 });
    stockBase = origin(stock);
    await t.app.services.db.insert(products).values([...seedProducts]);
    creator = await createUser(t.app, { role: 'dj' });
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await stock.close();
    await t.close();
  });

  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });
  const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

  /** Requests the fast path answers itself, each compared with the stock adapter's answer. */
  const fastCases: Array<[string, string, () => RequestInit]> = [
    ['query without input', '/trpc/system.health', () => ({})],
    ['authed query', '/trpc/users.alive', () => bearer(creator.token)],
    ['authed query without a token (401)', '/trpc/users.alive', () => ({})],
    ['authed query with a broken token (401)', '/trpc/users.alive', () => bearer('not-a-token')],
    ['role refused (403)', '/trpc/adminUsers.list', () => bearer(creator.token)],
    ['admin query', '/trpc/adminUsers.list', () => bearer(admin.token)],
    ['query with input', `/trpc/billing.product?${input({ id: 'PODCAST_TITLE' })}`, () => ({})],
    ['query with an empty input parameter', '/trpc/billing.products?input=', () => ({})],
    ['query with invalid input (field errors)', `/trpc/billing.product?${input({ id: '' })}`, () => ({})],
    ['query of something missing (404)', `/trpc/billing.product?${input({ id: 'nope' })}`, () => ({})],
    ['mutation with input', '/trpc/users.checkUserExists', () => json({ email: creator.email })],
    ['mutation refused by the service (401)', '/trpc/users.login', () => json({ userName: creator.email, password: 'wrong-password' })],
    ['mutation with field errors', '/trpc/users.register', () => json({ email: 'not-an-email', firstName: '', lastName: 'x', password: 'short', roleId: 'dj' })],
    ['mutation with unknown fields', '/trpc/users.checkUserExists', () => json({ email: creator.email, extra: true })],
  ];

  it.each(fastCases)('answers a %s exactly as the stock adapter', async (_name, path, init) => {
    const fast = await raw(fastBase, path, init());
    const reference = await raw(stockBase, path, init());
    expect(fast.answeredByFastPath).toBe(true);
    expect(reference.answeredByFastPath).toBe(false);
    expect({ status: fast.status, contentType: fast.contentType, body: fast.body }).toEqual({
      status: reference.status,
      contentType: reference.contentType,
      body: reference.body,
    });
  });

  /** Requests left to the stock adapter: the answers are its own. */
  const fallThroughCases: Array<[string, string, () => RequestInit]> = [
    ['batch', `/trpc/system.health,billing.products?batch=1&${input({})}`, () => ({})],
    ['unknown procedure', '/trpc/nothing.here', () => ({})],
    ['query sent as POST', '/trpc/system.health', () => json({})],
    ['mutation sent as GET', '/trpc/users.checkUserExists', () => ({})],
    ['input that is not JSON', '/trpc/billing.product?input=%7Bnope', () => ({})],
    ['mutation without a body', '/trpc/terms.accept', () => ({ method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` } })],
    ['streaming request', '/trpc/system.health', () => ({ headers: { 'trpc-accept': 'application/jsonl' } })],
  ];

  it.each(fallThroughCases)('leaves a %s to the stock adapter', async (_name, path, init) => {
    const fast = await raw(fastBase, path, init());
    const reference = await raw(stockBase, path, init());
    expect(fast.answeredByFastPath).toBe(false);
    expect({ status: fast.status, body: fast.body }).toEqual({ status: reference.status, body: reference.body });
  });

  const links: Array<[string, (url: string, token: () => string | null) => TRPCLink<AppRouter>]> = [
    ['httpLink', (url, token) => httpLink({ url, headers: () => (token() ? { authorization: `Bearer ${token()}` } : {}) })],
    ['httpBatchLink', (url, token) => httpBatchLink({ url, headers: () => (token() ? { authorization: `Bearer ${token()}` } : {}) })],
  ];

  describe.each(links)('with @trpc/client %s', (_name, makeLink) => {
    let token: string | null = null;
    const client = () => createTRPCClient<AppRouter>({ links: [makeLink(`${fastBase}/trpc`, () => token)] });

    it('runs queries with and without input and mutations, and signs in', async () => {
      token = null;
      expect(await client().system.health.query()).toEqual({ status: 'ok' });
      expect(await client().system.health.query(undefined)).toEqual({ status: 'ok' });
      expect((await client().billing.product.query({ id: 'PODCAST_TITLE' })).id).toBe('PODCAST_TITLE');
      expect(await client().users.checkUserExists.mutate({ email: creator.email })).toEqual({ exists: true });
      const session = await client().users.login.mutate({ userName: creator.email, password: testPassword });
      token = session.token;
      const alive = await client().users.alive.query();
      expect(alive.user.email).toBe(creator.email);
    });

    it('turns errors into TRPCClientError with code, status and field errors', async () => {
      token = null;
      const unauthorized = await client().users.alive.query().catch((error: unknown) => error);
      expect(unauthorized).toBeInstanceOf(TRPCClientError);
      expect((unauthorized as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, path: 'users.alive' });

      const invalid = await client().billing.product.query({ id: '' }).catch((error: unknown) => error);
      expect(invalid).toBeInstanceOf(TRPCClientError);
      const data = (invalid as TRPCClientError<AppRouter>).data;
      expect(data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, path: 'billing.product' });
      expect(data?.fieldErrors).toHaveProperty('id');
      expect((invalid as TRPCClientError<AppRouter>).message).toBe(Object.values(data!.fieldErrors!)[0]);
    });
  });

  it('serves @trpc/react-query usage (query cache and mutations) over the web app links', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${fastBase}/trpc`, headers: () => ({ authorization: `Bearer ${creator.token}` }) })],
    });
    const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client });
    const alive = await utils.users.alive.fetch();
    expect(alive.user.id).toBe(creator.id);
    expect(utils.users.alive.getData()?.user.id).toBe(creator.id);
    expect(await utils.billing.product.ensureData({ id: 'PODCAST_TITLE' })).toMatchObject({ id: 'PODCAST_TITLE' });
    await expect(utils.adminUsers.list.fetch()).rejects.toMatchObject({ data: { code: 'FORBIDDEN', httpStatus: 403 } });
    queryClient.clear();
  });
});
