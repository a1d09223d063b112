import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDocuments } from '@db/schema/demo';
import { podcastEpisodes } from '@db/schema/podcasts';
import { createTitle } from '@server/domains/podcasts/podcasts.service';
import { tipOptions } from '@db/schema/tips';
import { malformedMultipartMessage, profilePhotoMessage, uploadKinds, uploadsDir } from '@server/platform/uploads';
import { createRestKit } from '@server/rest/kit';
import { restModules, sampleAppRestModules } from '@server/rest/modules';
import { forbiddenMessage } from '@server/trpc/init';
import { paymentMessages } from '@server/domains/payments/payments.schemas';
import { tipOptionMultipartMessage } from '@server/domains/tips/tip-options.rest';
import { seedDemoApps } from '../../seed/demo/index';
import { bearer, createTestApp, createUser } from '../helpers/app';
import { printedRoutes } from '../helpers/printed-routes';

/**
 * A sweep over every /api route the running app has registered: malformed JSON, wrong types, unknown
 * fields and oversized bodies answer a 4xx JSON `{ message }` (never a 500), a creator is refused on the
 * admin routes, and unknown ids answer 404 JSON without touching stored data.
 */

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  key: string;
}

/** The /api routes the app serves (GET, POST, DELETE; any other method but HEAD fails the sweep). */
function routesOfTree(tree: string): Route[] {
  const routes: Route[] = [];
  for (const { path, methods } of printedRoutes(tree)) {
    if (!path.startsWith('/api/') && path !== '/api') continue;
    for (const method of methods) {
      if (method === 'GET' || method === 'POST' || method === 'DELETE') routes.push({ method, url: path, key: `${method} ${path}` });
      else if (method !== 'HEAD') throw new Error(`the sweep does not know how to call ${method} ${path}`);
    }
  }
  return routes;
}

/** The same routes as the REST modules declare them, collected with an onRoute hook (checks the parser above). */
async function routesOfModules(kit: ReturnType<typeof createRestKit>, modules = restModules): Promise<string[]> {
  const probe = Fastify();
  const keys: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') keys.push(`${method} ${route.url}`);
  });
  await probe.register(async (api) => {
    for (const module of modules) await module(api, kit);
  });
  await probe.ready();
  await probe.close();
  return keys;
}

const test = await createTestApp();
const db = test.app.services.db;
await seedDemoApps(db, { reset: true });
const admin = await createUser(test.app, { role: 'admin' });
const creator = await createUser(test.app, { role: 'dj' });
/** The admin's own podcast title and episode, so the podcast upload routes get past their ownership check. */
const adminTitle = await createTitle(test.app.services, admin.id, { name: 'Sweep', description: '', isVideo: false, explicit: false, category: 'Music' });
const adminEpisodeId = 'sweep-episode';
await db.insert(podcastEpisodes)
  .values({ id: adminEpisodeId, podcastTitleId: adminTitle.id, userId: admin.id, name: 'Sweep', mediaUrl: '/uploads/none.mp3', mediaType: 'audio/mpeg', mediaBytes: 1, durationSeconds: 1, publishDate: new Date().toISOString() });
// Path ids stand in as the admin's id (below): the admin owns a tip option with that id, so its update route is reachable.
await db.insert(tipOptions).values({ id: admin.id, userId: admin.id, title: 'Sweep', amountCents: 500 });
await test.app.ready();
const routes = routesOfTree(test.app.printRoutes({ commonPrefix: false }));
const postRoutes = routes.filter((route) => route.method === 'POST');
const getRoutes = routes.filter((route) => route.method === 'GET');
afterAll(() => test.close());

/** Routes whose body is not a JSON object: multipart uploads, body-less actions, Apple's popup callback and the signed payment webhook. */
const bodyKind: Record<string, 'multipart' | 'none' | 'popup-page' | 'webhook'> = {
  'POST /api/tips/options': 'multipart',
  'POST /api/tips/options/:id': 'multipart',
  'POST /api/tips/options/:id/delete': 'none',
  'POST /api/subscription/reactivate/:itemId': 'none',
  'POST /api/payment/webhook': 'webhook',
  'POST /api/user/:id': 'multipart',
  'POST /api/termsConditions': 'multipart',
  'POST /api/event/upload-chat-user-profile-img': 'multipart',
  'POST /api/termsConditions/accept': 'none',
  'POST /api/user/apple/callback': 'popup-page',
  'POST /api/podcast/titles': 'multipart',
  'POST /api/podcast/titles/:id': 'multipart',
  'POST /api/podcast/titles/:id/episodes': 'multipart',
  'POST /api/podcast/episodes/:id': 'multipart',
  'POST /api/profile/avatar': 'multipart',
  'GET /api/user/apple/callback': 'popup-page',
  'POST /api/mobile-app/:appId/icon': 'multipart',
  'POST /api/earnings/tips/:tipId/hide-message': 'none',
  'POST /api/earnings/tips/:tipId/unhide-message': 'none',
};
const multipartMessages: Record<string, string> = {
  'POST /api/tips/options': tipOptionMultipartMessage,
  'POST /api/tips/options/:id': tipOptionMultipartMessage,
  'POST /api/user/:id': 'Send the profile as multipart/form-data',
  'POST /api/termsConditions': 'Send the terms as multipart/form-data',
  'POST /api/podcast/titles': 'Send the form as multipart/form-data',
  'POST /api/podcast/titles/:id': 'Send the form as multipart/form-data',
  'POST /api/podcast/titles/:id/episodes': 'Send the form as multipart/form-data',
  'POST /api/podcast/episodes/:id': 'Send the form as multipart/form-data',
  'POST /api/profile/avatar': 'Send the picture as multipart/form-data',
  'POST /api/event/upload-chat-user-profile-img': 'Send the photo as multipart/form-data',
  'POST /api/mobile-app/:appId/icon': 'Send the icon as multipart/form-data',
};
/** The file field of each upload route, with the start of a file of its type. */
const uploadFields: Record<string, { name: string; type: string; start: string }> = {
  'POST /api/tips/options': { name: 'iconFile', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/tips/options/:id': { name: 'iconFile', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/user/:id': { name: 'imageFile', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/termsConditions': { name: 'pdfFile', type: 'application/pdf', start: '%PDF-1.7\n' },
  'POST /api/podcast/titles': { name: 'image', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/podcast/titles/:id': { name: 'image', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/podcast/titles/:id/episodes': { name: 'media', type: 'audio/mpeg', start: 'ID3\x04\x00\x00\x00\x00\x00\x00' },
  'POST /api/podcast/episodes/:id': { name: 'media', type: 'audio/mpeg', start: 'ID3\x04\x00\x00\x00\x00\x00\x00' },
  'POST /api/profile/avatar': { name: 'image', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/event/upload-chat-user-profile-img': { name: 'userPhoto', type: 'image/png', start: '\x89PNG\r\n' },
  'POST /api/mobile-app/:appId/icon': { name: 'icon', type: 'image/png', start: '\x89PNG\r\n' },
};
/**
 * The sample-data API (demo-apps.md §7) mirrors a mock that ignores what it does not know: unknown fields are
 * stripped and never stored. Every other route (the platform's, and the mock auth paths of the core document)
 * refuses them by name.
 */
const sampleApiPrefixes = [
  'mail-app', 'notes-app', 'todo-app', 'scrumboard-app', 'contacts-app', 'chat', 'calendar-app', 'academy-app',
  'analytics-dashboard-app', 'e-commerce-app', 'faq', 'file-manager-app', 'icons', 'invoices', 'knowledge-base',
  'profile', 'project-dashboard-app', 'quick-panel', 'search',
];
const isSampleApi = (route: Route) => sampleApiPrefixes.some((prefix) => route.url === `/api/${prefix}` || route.url.startsWith(`/api/${prefix}/`));

/** Admin-only routes: a creator's token answers 403. */
const adminRoutes = ['GET /api/user/emulate/:id', 'POST /api/termsConditions', 'GET /api/admin/database-backup'];
/** A path id that must be the caller's own account: another id is a 403, never a 404 that reveals accounts. */
const selfOnlyRoutes: Record<string, string> = {
  'POST /api/user/:id': 'You can only update your own profile',
  'GET /api/event/check-has-permission/:userId': 'You can only check your own access',
};

/** Each request comes from its own address so the per-IP rate limits of the sign-in routes never kick in. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  token?: string;
  json?: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
}

function send(call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(call.token ? bearer(call.token) : {}), ...(call.headers ?? {}) };
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  return test.app.inject({
    method: call.method,
    url: call.url,
    headers,
    payload: call.json ?? call.payload,
    remoteAddress: nextAddress(),
  });
}

/** Path params that are not ids: a valid value everywhere. */
const nonIdParams: Record<string, string> = { count: '20' };
/** Routes whose ids must name a record the admin owns to get past their ownership check. */
const ownedIds: Record<string, string> = {
  'POST /api/podcast/titles/:id': adminTitle.id,
  'POST /api/podcast/titles/:id/episodes': adminTitle.id,
  'POST /api/podcast/episodes/:id': adminEpisodeId,
};
const withParams = (route: Route, id: string) => route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => nonIdParams[name] ?? id);
/** The admin's own id stands in for path params, so /api/user/:id passes its own-profile check. */
const concrete = (route: Route) => withParams(route, ownedIds[route.key] ?? admin.id);
const postJson = (route: Route, json: string, token = admin.token) => send({ method: 'POST', url: concrete(route), token, json });

/** Any error: a JSON body with a non-empty message, and never a 5xx. */
function expectJsonError(response: LightMyRequestResponse, status: number): { message: string; errors?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message: unknown; errors?: Record<string, string> };
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  return body as { message: string; errors?: Record<string, string> };
}

function expectNoServerError(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) expectJsonError(response, response.statusCode);
}

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----cuepointsweep${addressCounter}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A digest of every stored sample document: unchanged means nothing was written. */
async function demoDigest(): Promise<string> {
  const rows = await db.select().from(demoDocuments).orderBy(demoDocuments.collection, demoDocuments.id);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

describe('route enumeration', () => {
  it('finds every route the REST modules register, in the running app', async () => {
    // Only the /api paths are swept (the RSS feed at /feeds/... is XML for podcast apps).
    const declared = (await routesOfModules(createRestKit(test.app.services))).filter((key) => key.split(' ')[1]!.startsWith('/api'));
    const found = routes.map((route) => route.key);
    expect(declared.length).toBeGreaterThan(100);
    expect(found).toEqual(expect.arrayContaining(declared));
    expect(new Set(found).size).toBe(found.length);
  });

  it('knows every special case it lists', () => {
    const keys = routes.map((route) => route.key);
    for (const key of [...Object.keys(bodyKind), ...adminRoutes, ...Object.keys(selfOnlyRoutes)]) expect(keys).toContain(key);
  });
});

describe.each(postRoutes)('$key', (route) => {
  const kind = bodyKind[route.key] ?? 'json';

  it('answers 400 JSON to malformed JSON', async () => {
    const body = expectJsonError(await postJson(route, '{"a":'), 400);
    // The webhook reads its body raw: anything unsigned is refused by the signature check.
    expect(body).toEqual({ message: kind === 'webhook' ? paymentMessages.invalidWebhook : 'The request body is not valid JSON' });
  });

  it('answers 413 JSON to a body over the 1 MiB limit', async () => {
    const oversized = JSON.stringify({ a: 'x'.repeat(1024 * 1024) });
    const body = expectJsonError(await postJson(route, oversized), 413);
    expect(body).toEqual({ message: 'The request body is too large' });
  });

  it('answers 415 JSON to a content type it cannot read', async () => {
    const response = await send({ method: 'POST', url: concrete(route), token: admin.token, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(expectJsonError(response, 415)).toEqual({ message: 'Unsupported content type' });
  });

  if (kind === 'json') {
    it('answers 400 with field messages to a body that is not an object', async () => {
      // remove-todo also takes the bare id as a JSON string (the template posts it that way).
      const shapes = route.key === 'POST /api/todo-app/remove-todo' ? ['42', '[1,2]', 'true', 'null'] : ['42', '[1,2]', '"text"', 'true', 'null'];
      for (const json of shapes) {
        const body = expectJsonError(await postJson(route, json), 400);
        expect(body.errors, json).toBeTypeOf('object');
      }
    });

    if (isSampleApi(route)) {
      it('ignores an unknown field and never stores it', async () => {
        const response = await postJson(route, JSON.stringify({ __unknownField: 1 }));
        expectNoServerError(response);
        if (response.statusCode >= 400) expect(response.json().errors ?? {}).not.toHaveProperty('__unknownField');
        expect(JSON.stringify(await db.select().from(demoDocuments))).not.toContain('__unknownField');
      });
    } else {
      it('answers 400 naming an unknown field', async () => {
        const body = expectJsonError(await postJson(route, JSON.stringify({ __unknownField: 1 })), 400);
        expect(body.errors).toMatchObject({ __unknownField: 'Unknown field' });
      });
    }

    it('answers 400 naming each required field sent with the wrong type', async () => {
      const empty = await postJson(route, '{}');
      expectNoServerError(empty);
      if (empty.statusCode !== 400) return; // every field is optional: {} is a valid request
      const fields = [...new Set(Object.keys((empty.json() as { errors: Record<string, string> }).errors).map((key) => key.split('.')[0]!))];
      for (const field of fields.filter((name) => name !== '_')) {
        // An object is the wrong type for a text, number or list field; for an object field of the sample API
        // (which strips unknown keys) a number is.
        let response = await postJson(route, JSON.stringify({ [field]: { __wrongType: true } }));
        if (isSampleApi(route) && response.statusCode < 400) response = await postJson(route, JSON.stringify({ [field]: 42 }));
        const body = expectJsonError(response, 400);
        expect(Object.keys(body.errors ?? {}).some((key) => key === field || key.startsWith(`${field}.`)), `${field}: ${JSON.stringify(body)}`).toBe(true);
      }
    });
  }

  if (kind === 'multipart') {
    it('answers 415 JSON to a JSON body', async () => {
      for (const json of ['{}', '42', JSON.stringify({ __unknownField: 1 })]) {
        const body = expectJsonError(await postJson(route, json), 415);
        expect(body).toEqual({ message: multipartMessages[route.key] });
      }
    });

    const file = uploadFields[route.key]!;
    it.each([
      ['an unterminated field', 'multipart/form-data; boundary=sweep', '--sweep\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
      [
        'an unterminated file',
        'multipart/form-data; boundary=sweep',
        `--sweep\r\nContent-Disposition: form-data; name="${file.name}"; filename="upload"\r\nContent-Type: ${file.type}\r\n\r\n${file.start}`,
      ],
      ['no boundary', 'multipart/form-data', 'abc'],
    ])('answers 400 JSON to a multipart body with %s and keeps no file', async (_name, contentType, payload) => {
      const response = await send({ method: 'POST', url: concrete(route), token: admin.token, headers: { 'content-type': contentType }, payload });
      expect(expectJsonError(response, 400)).toEqual({ message: malformedMultipartMessage });
      expect(readdirSync(uploadsDir(test.dataDir))).toEqual([]);
    });

    it('answers 400 naming an unknown file field', async () => {
      const body = multipart([{ name: '__unknownField', filename: 'a.bin', type: 'application/octet-stream', data: 'abc' }]);
      const response = await send({ method: 'POST', url: concrete(route), token: admin.token, ...body });
      expect(expectJsonError(response, 400)).toEqual({
        message: 'Unexpected file field "__unknownField"',
        errors: { __unknownField: 'Unexpected file' },
      });
    });
  }

  if (kind === 'webhook') {
    it('refuses any unsigned body with 400 and never answers 500', async () => {
      for (const json of ['42', '{}', JSON.stringify({ __unknownField: 1 }), JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', object: 'payment_intent' } } })]) {
        expect(expectJsonError(await postJson(route, json), 400)).toEqual({ message: paymentMessages.invalidWebhook });
      }
    });
  }

  if (kind === 'none' || kind === 'popup-page') {
    it('ignores a body of the wrong shape (it reads none) and never answers 500', async () => {
      for (const json of ['42', JSON.stringify({ __unknownField: 1 })]) {
        const response = await postJson(route, json);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (kind === 'none') expectNoServerError(response);
        // Apple's callback answers its popup page (text/html) with the message, as the browser expects.
        else expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
    });
  }
});

describe('oversized uploads', () => {
  it('POST /api/user/:id refuses a photo over its 2 MB limit with the field message', async () => {
    const size = uploadKinds['profile-photo'].maxBytes + 1;
    const body = multipart([{ name: 'imageFile', filename: 'big.png', type: 'image/png', data: Buffer.alloc(size, 1) }]);
    const response = await send({ method: 'POST', url: `/api/user/${admin.id}`, token: admin.token, ...body });
    expect(expectJsonError(response, 400)).toEqual({ message: profilePhotoMessage, errors: { imageFile: profilePhotoMessage } });
  });

  it('POST /api/termsConditions refuses a PDF over its 20 MB limit with the field message', async () => {
    const kind = uploadKinds.pdf;
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(kind.maxBytes, 32)]);
    const body = multipart([{ name: 'pdfFile', filename: 'big.pdf', type: 'application/pdf', data }]);
    const response = await send({ method: 'POST', url: '/api/termsConditions', token: admin.token, ...body });
    expect(expectJsonError(response, 400)).toEqual({ message: kind.tooLarge.message, errors: { pdfFile: kind.tooLarge.message } });
  });
});

describe('the unknown-field rule', () => {
  it('covers both kinds of route', () => {
    expect(postRoutes.filter(isSampleApi).length).toBeGreaterThan(40);
    expect(postRoutes.filter((route) => !isSampleApi(route) && (bodyKind[route.key] ?? 'json') === 'json').length).toBeGreaterThan(10);
  });
});

describe.each(getRoutes)('$key', (route) => {
  if (isSampleApi(route)) {
    it('ignores an unknown query param', async () => {
      const response = await send({ method: 'GET', url: `${concrete(route)}?__unknownField=1`, token: admin.token });
      expectNoServerError(response);
      if (response.statusCode >= 400) expect(response.json().errors ?? {}).not.toHaveProperty('__unknownField');
    });
  }

  it('never answers 500 or a non-JSON error to unexpected or repeated query params', async () => {
    const response = await send({ method: 'GET', url: `${concrete(route)}?__unknownField=1&id=a&id=b&query=%00`, token: admin.token });
    if (bodyKind[route.key] === 'popup-page') {
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      return;
    }
    expectNoServerError(response);
    if (response.statusCode === 400) expect(response.json()).toHaveProperty('errors');
  });
});

describe('roles', () => {
  it.each(adminRoutes)('%s answers 403 JSON to a creator', async (key) => {
    const route = routes.find((candidate) => candidate.key === key)!;
    const response = await send({ method: route.method, url: concrete(route), token: creator.token, ...(route.method === 'POST' ? { json: '{}' } : {}) });
    expect(expectJsonError(response, 403)).toEqual({ message: forbiddenMessage });
  });

  it('no other route refuses a creator as forbidden', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      const url = withParams(route, creator.id);
      const response = await send({ method: route.method, url, token: creator.token, ...(route.method === 'POST' ? { json: '{}' } : {}) });
      if (bodyKind[route.key] !== 'popup-page') expectNoServerError(response);
      if (response.statusCode === 403 && (response.json() as { message: string }).message === forbiddenMessage) refused.push(route.key);
    }
    // The sample apps are for admins and staff; the shell's search and quick panel, the sign-in mock and the sample
    // images (drawn art an <img> loads without a token) stay open.
    const shellRoutes = ['GET /api/search/suggestions', 'GET /api/search/shortcuts', 'GET /api/quick-panel/data'];
    const sampleAppRoutes = (await routesOfModules(createRestKit(test.app.services), sampleAppRestModules)).filter((key) => {
      const path = key.split(' ')[1]!;
      return !shellRoutes.includes(key) && path.startsWith('/api/') && !path.startsWith('/api/auth');
    });
    expect(refused.sort()).toEqual([...adminRoutes, ...sampleAppRoutes].sort());
  });
});

describe('unknown ids', () => {
  const unknownId = 'no-such-id-0000';
  /** Routes whose body has required fields besides the path id: sent filled, so the unknown path id is what is refused. */
  const requiredBodyFields: Record<string, Record<string, string>> = {
    'POST /api/memberships/:membershipId/change-tier': { tierId: unknownId },
  };

  it.each(routes.filter((route) => route.url.includes('/:')))('$key answers 404 JSON for an unknown path id', async (route) => {
    const body =
      route.method !== 'POST' ? {} : bodyKind[route.key] === 'multipart' ? multipart([]) : { json: JSON.stringify(requiredBodyFields[route.key] ?? {}) };
    const response = await send({ method: route.method, url: withParams(route, unknownId), token: admin.token, ...body });
    const selfOnly = selfOnlyRoutes[route.key];
    if (selfOnly) expect(expectJsonError(response, 403)).toEqual({ message: selfOnly });
    else expect(expectJsonError(response, 404).errors).toBeUndefined();
  });

  const first = async <T>(url: string): Promise<T> => {
    const response = await send({ method: 'GET', url, token: admin.token });
    expect(response.statusCode, url).toBe(200);
    const items = response.json() as T[];
    expect(items.length, url).toBeGreaterThan(0);
    return items[0]!;
  };

  type Case = [string, () => Promise<{ method: 'GET' | 'POST'; url: string; body?: unknown }>];
  const get = (url: string) => async () => ({ method: 'GET' as const, url });
  const post = (url: string, body: () => unknown | Promise<unknown>) => async () => ({ method: 'POST' as const, url, body: await body() });
  const boardId = async () => (await first<{ id: string }>('/api/scrumboard-app/boards')).id;

  const cases: Case[] = [
    ['academy course', get(`/api/academy-app/course?courseId=${unknownId}`)],
    ['academy course update', post('/api/academy-app/course/update', () => ({ id: unknownId, activeStep: 1 }))],
    ['e-commerce product', get(`/api/e-commerce-app/product?productId=${unknownId}`)],
    ['e-commerce order', get(`/api/e-commerce-app/order?orderId=${unknownId}`)],
    ['invoice', get(`/api/invoices/get-invoice?id=${unknownId}`)],
    ['mail', get(`/api/mail-app/mail?mailId=${unknownId}`)],
    ['mail update', post('/api/mail-app/update-mail', async () => ({ ...(await first<object>('/api/mail-app/mails')), id: unknownId }))],
    ['mail set-folder', post('/api/mail-app/set-folder', () => ({ selectedMailIds: [unknownId], folderId: 1 }))],
    ['mail toggle-label', post('/api/mail-app/toggle-label', () => ({ selectedMailIds: [unknownId], labelId: 1 }))],
    ['mail delete', post('/api/mail-app/delete-mails', () => ({ selectedMailIds: [unknownId] }))],
    ['note update', post('/api/notes-app/update-note', async () => ({ note: { ...(await first<object>('/api/notes-app/notes')), id: unknownId } }))],
    ['note remove', post('/api/notes-app/remove-note', () => ({ noteId: unknownId }))],
    ['todo update', post('/api/todo-app/update-todo', async () => ({ ...(await first<object>('/api/todo-app/todos')), id: unknownId }))],
    ['todo remove', post('/api/todo-app/remove-todo', () => ({ todoId: unknownId }))],
    ['todo set-folder', post('/api/todo-app/set-folder', () => ({ selectedTodoIds: [unknownId], folderId: 0 }))],
    ['todo toggle-label', post('/api/todo-app/toggle-label', () => ({ selectedTodoIds: [unknownId], labelId: 1 }))],
    ['todo delete', post('/api/todo-app/delete-todos', () => ({ selectedTodoIds: [unknownId] }))],
    ['scrumboard board', get(`/api/scrumboard-app/board?boardId=${unknownId}`)],
    ['scrumboard rename', post('/api/scrumboard-app/board/rename', () => ({ boardId: unknownId, boardTitle: 'Renamed' }))],
    ['scrumboard settings', post('/api/scrumboard-app/board/settings/update', () => ({ boardId: unknownId, settings: { color: 'fuse-dark', subscribed: true, cardCoverImages: true } }))],
    ['scrumboard delete', post('/api/scrumboard-app/board/delete', () => ({ boardId: unknownId }))],
    ['scrumboard new card (board)', post('/api/scrumboard-app/card/new', () => ({ boardId: unknownId, listId: unknownId, data: { name: 'Card' } }))],
    ['scrumboard new card (list)', post('/api/scrumboard-app/card/new', async () => ({ boardId: await boardId(), listId: unknownId, data: { name: 'Card' } }))],
    ['scrumboard new list', post('/api/scrumboard-app/list/new', () => ({ boardId: unknownId, data: { name: 'List' } }))],
    ['scrumboard rename list', post('/api/scrumboard-app/list/rename', async () => ({ boardId: await boardId(), listId: unknownId, listTitle: 'List' }))],
    ['scrumboard remove list', post('/api/scrumboard-app/list/remove', async () => ({ boardId: await boardId(), listId: unknownId }))],
    ['scrumboard remove card', post('/api/scrumboard-app/card/remove', async () => ({ boardId: await boardId(), cardId: unknownId }))],
    ['scrumboard card order', post('/api/scrumboard-app/card/order', () => ({ boardId: unknownId, lists: [] }))],
    ['scrumboard list order', post('/api/scrumboard-app/list/order', () => ({ boardId: unknownId, lists: [] }))],
    ['contact update', post('/api/contacts-app/update-contact', async () => ({ contact: { ...(await first<object>('/api/contacts-app/contacts')), id: unknownId } }))],
    ['contact remove', post('/api/contacts-app/remove-contact', () => ({ contactId: unknownId }))],
    ['contacts remove', post('/api/contacts-app/remove-contacts', () => ({ contactIds: [unknownId] }))],
    ['contact star', post('/api/contacts-app/toggle-starred-contact', () => ({ contactId: unknownId }))],
    ['contacts star', post('/api/contacts-app/toggle-starred-contacts', () => ({ contactIds: [unknownId] }))],
    ['contacts starred', post('/api/contacts-app/set-contacts-starred', () => ({ contactIds: [unknownId] }))],
    ['contacts unstarred', post('/api/contacts-app/set-contacts-unstarred', () => ({ contactIds: [unknownId] }))],
    ['chat', get(`/api/chat/get-chat?contactId=${unknownId}&userId=${unknownId}`)],
    ['chat message', post('/api/chat/send-message', () => ({ chatId: unknownId, contactId: unknownId, message: 'Hello' }))],
    ['calendar update', post('/api/calendar-app/update-event', async () => ({ event: { ...(await first<object>('/api/calendar-app/events')), id: unknownId } }))],
    ['calendar remove', post('/api/calendar-app/remove-event', () => ({ eventId: unknownId }))],
  ];

  it.each(cases)('%s answers 404 JSON and writes nothing', async (_name, build) => {
    const request = await build();
    const before = await demoDigest();
    const response = await send({
      method: request.method,
      url: request.url,
      token: admin.token,
      ...(request.method === 'POST' ? { json: JSON.stringify(request.body) } : {}),
    });
    expect(expectJsonError(response, 404).errors).toBeUndefined();
    expect(await demoDigest()).toBe(before);
  });
});
