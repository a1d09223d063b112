import { readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTokenMessages, type ApiTokenScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { listProcedures } from '@server/domains/openapi/procedures';
import { createTitle } from '@server/domains/podcasts/podcasts.service';
import { podcastUploads } from '@db/schema/podcasts';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { mediaMessages, uploadsDir } from '@server/platform/uploads';
import { tooManyAttemptsMessage } from '@server/platform/rate-limit';
import { createRestKit } from '@server/rest/kit';
import { restModules } from '@server/rest/modules';
import { uploadRouteAdmission, uploadRoutes, uploadRoute } from '@server/rest/upload-route';
import { pendingPaymentMessage, publicProcedure } from '@server/trpc/init';
import { appRouter } from '@server/trpc/root';
import { bearer, callerAs, createTestApp, createUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

/** Every upload route, the tRPC procedure it stands in for (its twin: the same base, the same scope) and its file field. */
const twins: Record<string, { procedure: string; field: string }> = {
  'POST /api/profile/avatar': { procedure: 'profile.removeAvatar', field: 'image' },
  'POST /api/user/:id': { procedure: 'users.updateViewerProfile', field: 'imageFile' },
  'POST /api/event/upload-chat-user-profile-img': { procedure: 'chat.send', field: 'userPhoto' },
  'POST /api/tips/options': { procedure: 'tipOptions.create', field: 'iconFile' },
  'POST /api/tips/options/:id': { procedure: 'tipOptions.update', field: 'iconFile' },
  'POST /api/termsConditions': { procedure: 'terms.upload', field: 'pdfFile' },
  'POST /api/mobile-app/:appId/icon': { procedure: 'mobileApp.setIcon', field: 'icon' },
  'POST /api/podcast/titles': { procedure: 'podcasts.createTitle', field: 'image' },
  'POST /api/podcast/titles/:id': { procedure: 'podcasts.updateTitle', field: 'image' },
  'POST /api/podcast/titles/:id/episodes': { procedure: 'podcasts.createEpisode', field: 'media' },
  'POST /api/podcast/episodes/:id': { procedure: 'podcasts.updateEpisode', field: 'media' },
};
const procedures = new Map(listProcedures(appRouter).map((procedure) => [procedure.path, procedure]));

const t = await createTestApp();
afterAll(() => t.close());

const storedFiles = () => readdirSync(uploadsDir(t.dataDir)).filter((name) => !name.startsWith('.'));

/**
 * Sends the start of a multipart body (the route's file part and its first bytes) and never the rest: only an answer
 * given before the body is read can arrive.
 */
async function postEndlessUpload(key: string, id: string, token: string) {
  const body = new PassThrough();
  body.write(`--endless\r\nContent-Disposition: form-data; name="${twins[key]!.field}"; filename="f"\r\nContent-Type: image/png\r\n\r\n`);
  body.write(Buffer.alloc(1024, 1));
  const url = key.split(' ')[1]!.replace(/:[A-Za-z]+/g, id);
  try {
    return await t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=endless' }, payload: body });
  } finally {
    body.destroy();
  }
}

describe('upload routes', () => {
  it('are each admitted exactly as their tRPC twin (base and scope)', async () => {
    const probe = Fastify();
    const found: Record<string, unknown> = {};
    probe.addHook('onRoute', (route) => {
      const admitted = uploadRouteAdmission(route.handler);
      if (admitted) found[`${[route.method].flat().join()} ${route.url}`] = admitted;
    });
    await probe.register(async (api) => {
      for (const module of restModules) await module(api, createRestKit(t.app.services));
    });
    await probe.ready();
    await probe.close();
    expect(Object.keys(found).sort()).toEqual(Object.keys(twins).sort());
    for (const [key, { procedure }] of Object.entries(twins)) {
      const twin = procedures.get(procedure)!;
      expect(found[key], key).toEqual({ admission: twin.admission, scope: twin.meta.scope });
    }
  });

  it('take only uploadRoute handlers in their multipart scope', async () => {
    const probe = Fastify();
    const kit = createRestKit(t.app.services);
    uploadRoutes(probe, (uploads) => uploads.post('/api/by-hand', async () => ({})));
    await expect(probe.ready()).rejects.toThrow('POST /api/by-hand takes uploads: make it an uploadRoute');
    await probe.close();
    expect(() => uploadRoute(kit, { base: publicProcedure, scope: 'public', kinds: {} }, async () => ({}))).toThrow('signed-in procedure base');
  });

  it('refuse a creator whose checkout payment is pending on every upload a creator may make, before reading a byte', async () => {
    const pending = await createUser(t.app, { role: 'dj', pendingPayment: true });
    const before = storedFiles();
    for (const key of Object.keys(twins).filter((key) => key !== 'POST /api/termsConditions')) {
      const response = await postEndlessUpload(key, pending.id, pending.token);
      expect(response.statusCode, key).toBe(403);
      expect(response.json(), key).toEqual({ message: pendingPaymentMessage });
    }
    expect(storedFiles()).toEqual(before);
  });

  it("refuse an API token without the twin's scope before reading a byte (a body that never ends still gets the answer)", async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    const admin = await createUser(t.app, { role: 'admin' });
    const tokenOf = async (owner: { token: string }, scopes: ApiTokenScope[]) => (await (await callerAs(t.app, owner.token)).apiTokens.create({ name: 'uploads', scopes })).token;
    // Reading podcasts is not writing them; an admin's token without the admin scope is not an admin's session.
    const creatorToken = await tokenOf(creator, ['podcasts:read', 'tips:read', 'events:write']);
    const adminToken = await tokenOf(admin, ['podcasts:read', 'events:write']);
    for (const [key, { procedure }] of Object.entries(twins)) {
      const scope = procedures.get(procedure)!.meta.scope!;
      const owner = key === 'POST /api/termsConditions' ? admin : creator;
      const response = await postEndlessUpload(key, owner.id, owner === admin ? adminToken : creatorToken);
      expect(response.statusCode, key).toBe(403);
      expect(response.json(), key).toEqual({ message: scope === 'session' ? apiTokenMessages.sessionOnly : apiTokenMessages.missingScope(scope) });
    }
  });

  it('rate-limit chat photos per user before reading the next one', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const key = 'POST /api/event/upload-chat-user-profile-img';
    const path = key.split(' ')[1]!;
    for (let index = 0; index < 10; index += 1) {
      const body = multipart({}, { userPhoto: { filename: 'me.png', contentType: 'image/png', content: makePng(100, 100) } });
      const response = await t.app.inject({ method: 'POST', url: path, headers: { ...body.headers, ...bearer(viewer.token) }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const eleventh = await postEndlessUpload(key, viewer.id, viewer.token);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ message: tooManyAttemptsMessage });
  });

  it('remove the files of a form its procedure refuses', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const before = storedFiles();
    const body = multipart({ firstName: '', lastName: 'Lee' }, { imageFile: { filename: 'me.png', contentType: 'image/png', content: makePng(120, 120) } });
    const response = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, headers: { ...body.headers, ...bearer(viewer.token) }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('firstName');
    expect(storedFiles()).toEqual(before);
  });

  it("run a kind's own check on the whole file: chapters that are JSON but not Podcasting 2.0 chapters are refused with 415", async () => {
    const creator = await createUser(t.app, { role: 'dj' });
    const title = await createTitle(t.app.services, creator.id, { name: 'Checks', description: '', isVideo: false, explicit: false, category: 'Music' });
    const before = storedFiles();
    const body = multipart(
      { name: 'With chapters' },
      {
        media: { filename: 'a.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds: 1 }) },
        chapters: { filename: 'c.json', contentType: 'application/json', content: Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ title: 'No start' }] })) },
      },
    );
    const response = await t.app.inject({ method: 'POST', url: `/api/podcast/titles/${title.id}/episodes`, headers: { ...body.headers, ...bearer(creator.token) }, payload: body.payload });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: mediaMessages.chapters, errors: { chapters: mediaMessages.chapters } });
    expect(storedFiles()).toEqual(before);
    expect(await t.app.services.db.select().from(podcastUploads)).toEqual([]);
  });
});
