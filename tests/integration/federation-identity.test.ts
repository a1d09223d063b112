import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { federationActorKeys } from '@db/schema/federation';
import { callerAs, createTestApp, createUser, type TestApp } from '../helpers/app';
import { federationMessages } from '@server/domains/federation/federation.schemas';
import { startFederatedApp, type FederatedApp } from '../helpers/fediverse-peer';

const activityJson = 'application/activity+json';
const ldJson = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

describe('federation identity: WebFinger, actors by content negotiation, NodeInfo', () => {
  let server: FederatedApp;
  // The page side of /c/{tag} is the web app's index.html: a stand-in, so the test does not depend on a web build.
  const webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>Cuepoint</title></head><body><div id="root"></div></body></html>');

  beforeAll(async () => {
    server = await startFederatedApp({}, { webDist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (path: string, accept?: string) => fetch(`${server.origin}${path}`, { headers: accept ? { accept } : {} });

  it('finds a creator through WebFinger by acct:{tag}@{host}, host from PUBLIC_URL', async () => {
    const creator = await createUser(server.app, { role: 'dj', creatorTag: 'wf_creator', displayName: 'WebFinger Creator' });
    const response = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:wf_creator@${server.host}`)}`);
    expect(response.status).toBe(200);
    const jrd = (await response.json()) as { subject: string; links: Array<{ rel: string; type?: string; href?: string }> };
    expect(jrd.subject).toBe(`acct:wf_creator@${server.host}`);
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'self', type: activityJson, href: `${server.origin}/c/wf_creator` }));
    expect(creator.id).toBeTruthy();

    const unknown = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody_here@${server.host}`)}`);
    expect(unknown.status).toBe(404);
  });

  it('answers the actor on /c/{tag} for ActivityPub clients and the page otherwise, both with Vary: Accept', async () => {
    const creator = await createUser(server.app, { role: 'dj', creatorTag: 'cn_creator', displayName: 'Negotiated Creator', description: 'Live sets every Friday', imageUrl: '/uploads/avatar-cn.png' });
    for (const accept of [activityJson, ldJson]) {
      const response = await get('/c/cn_creator', accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/(activity|ld)\+json/);
      expect(response.headers.get('vary')?.toLowerCase()).toContain('accept');
      const actor = (await response.json()) as Record<string, unknown>;
      expect(actor).toMatchObject({
        id: `${server.origin}/c/cn_creator`,
        type: 'Person',
        preferredUsername: 'cn_creator',
        name: 'Negotiated Creator',
        summary: 'Live sets every Friday',
        url: `${server.origin}/c/cn_creator`,
        inbox: `${server.origin}/c/cn_creator/inbox`,
        outbox: `${server.origin}/c/cn_creator/outbox`,
        followers: `${server.origin}/c/cn_creator/followers`,
        following: `${server.origin}/c/cn_creator/following`,
        endpoints: { sharedInbox: `${server.origin}/inbox` },
      });
      expect(actor.icon).toMatchObject({ type: 'Image', url: `${server.origin}/uploads/avatar-cn.png` });
      expect(actor.publicKey).toMatchObject({ owner: `${server.origin}/c/cn_creator`, publicKeyPem: expect.stringContaining('BEGIN PUBLIC KEY') });
    }
    // The key pairs (RSA and Ed25519) were made on first need and kept: the same key is served again.
    const kinds = (await server.app.services.db.select().from(federationActorKeys).where(eq(federationActorKeys.userId, creator.id))).map((row) => row.kind).sort();
    expect(kinds).toEqual(['ed25519', 'rsa']);
    const again = (await (await get('/c/cn_creator', activityJson)).json()) as { publicKey: { publicKeyPem: string } };
    const first = (await (await get('/c/cn_creator', ldJson)).json()) as { publicKey: { publicKeyPem: string } };
    expect(again.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);

    const page = await get('/c/cn_creator', 'text/html');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('vary')?.toLowerCase()).toContain('accept');
    expect(await page.text()).not.toContain('"preferredUsername"');
  });

  it('builds every URL from PUBLIC_URL, never from the Host or X-Forwarded-Host headers', async () => {
    await createUser(server.app, { role: 'dj', creatorTag: 'host_creator' });
    const response = await fetch(`${server.origin}/c/host_creator`, { headers: { accept: activityJson, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    const text = await response.text();
    expect(text).toContain(`${server.origin}/c/host_creator`);
    expect(text).not.toContain('evil.example');
  });

  it('serves the followers, following and outbox collections', async () => {
    await createUser(server.app, { role: 'dj', creatorTag: 'coll_creator' });
    for (const name of ['followers', 'following', 'outbox']) {
      const response = await get(`/c/coll_creator/${name}`, activityJson);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: `${server.origin}/c/coll_creator/${name}`, totalItems: 0 });
    }
    expect((await get('/c/no_such_creator/followers', activityJson)).status).toBe(404);
  });

  it('answers NodeInfo 2.1: software cuepoint with its version, protocol activitypub, user counts', async () => {
    await createUser(server.app, { role: 'dj', creatorTag: 'ni_creator' });
    const index = await get('/.well-known/nodeinfo');
    expect(index.status).toBe(200);
    const links = ((await index.json()) as { links: Array<{ rel: string; href: string }> }).links;
    expect(links).toContainEqual(expect.objectContaining({ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${server.origin}/nodeinfo/2.1` }));
    const info = (await (await get('/nodeinfo/2.1')).json()) as { software: { name: string; version: string }; protocols: string[]; usage: { users: { total: number } } };
    expect(info.software).toMatchObject({ name: 'cuepoint', version: '0.1.0' });
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.usage.users.total).toBeGreaterThanOrEqual(1);
  });

  it('makes no actor of viewers, creators without a page and inactive creators (404)', async () => {
    await createUser(server.app, { role: 'viewer', creatorTag: 'viewer_tag' });
    await createUser(server.app, { role: 'dj', creatorTag: 'waiting_creator', isActive: false });
    for (const tag of ['viewer_tag', 'waiting_creator', 'never_registered']) {
      expect((await get(`/c/${tag}`, activityJson)).status).toBe(404);
      expect((await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:${tag}@${server.host}`)}`)).status).toBe(404);
    }
  });

  it('answers 410 Gone for the actor of an account an admin deactivated', async () => {
    const creator = await createUser(server.app, { role: 'dj', creatorTag: 'gone_creator' });
    expect((await get('/c/gone_creator', activityJson)).status).toBe(200);
    await server.app.services.db.update(users).set({ isActive: false, deactivatedAt: new Date().toISOString() }).where(eq(users.id, creator.id));
    expect((await get('/c/gone_creator', activityJson)).status).toBe(410);
  });
});

describe('federation switched off', () => {
  let off: TestApp;
  let noPublicUrl: TestApp;

  beforeAll(async () => {
    off = await createTestApp({ PUBLIC_URL: 'https://cuepoint.example', FEDERATION: 'off' });
    noPublicUrl = await createTestApp();
  });
  afterAll(async () => {
    await off?.close();
    await noPublicUrl?.close();
  });

  it('answers 404 for WebFinger, NodeInfo, the inboxes and the actor with FEDERATION=off or without PUBLIC_URL', async () => {
    for (const testApp of [off, noPublicUrl]) {
      const creator = await createUser(testApp.app, { role: 'dj', creatorTag: 'off_creator' });
      // The creator's Fediverse page is told so, rather than shown as if it federated.
      const api = await callerAs(testApp.app, creator.token);
      for (const read of [() => api.federation.settings(), () => api.federation.followers(), () => api.federation.posts()]) {
        await expect(read()).rejects.toMatchObject({ code: 'NOT_FOUND', message: federationMessages.notEnabled });
      }
      const webfinger = await testApp.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:off_creator@cuepoint.example')}` });
      expect(webfinger.statusCode).toBe(404);
      expect((await testApp.app.inject({ url: '/.well-known/nodeinfo' })).statusCode).toBe(404);
      expect((await testApp.app.inject({ url: '/nodeinfo/2.1' })).statusCode).toBe(404);
      const inbox = await testApp.app.inject({ method: 'POST', url: '/inbox', headers: { 'content-type': 'application/activity+json' }, payload: '{}' });
      expect(inbox.statusCode).toBe(404);
      const actor = await testApp.app.inject({ url: '/c/off_creator', headers: { accept: activityJson } });
      expect(actor.headers['content-type']).not.toMatch(/activity\+json/);
    }
  });

  it('refuses FEDERATION_ALLOW_PRIVATE_ADDRESSES=true in production', async () => {
    const { loadConfig } = await import('@server/config');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: off.dataDir, ADMIN_PASSWORD: 'a-long-production-password-1234', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://cuepoint.example', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    ).toThrow(/FEDERATION_ALLOW_PRIVATE_ADDRESSES/);
  });
});
