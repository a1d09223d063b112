import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSpki, generateCryptoKeyPair } from '@fedify/fedify';
import { createUser } from '../helpers/app';
import { startFederatedApp, startFediversePeer, type FederatedApp, type FediversePeer } from '../helpers/fediverse-peer';
import { listFollowers } from '@server/domains/federation/federation.service';

const context = 'https://www.w3.org/ns/activitystreams';
let sequence = 0;
const uniqueId = (actor: URL, what: string) => `${actor.href}#${what}-${Date.now()}-${(sequence += 1)}`;

describe('inbox security', () => {
  let server: FederatedApp;
  let peer: FediversePeer;
  /** Another server: it serves a key document claiming to be a key of the first peer's actor. */
  let forger: FediversePeer;
  let logs = '';
  let creatorId = '';
  let creatorActor = '';
  let inbox = '';

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
    server = await startFederatedApp({ LOG_LEVEL: 'info' }, { logStream });
    peer = await startFediversePeer();
    forger = await startFediversePeer();
    creatorId = (await createUser(server.app, { role: 'dj', creatorTag: 'secure_creator' })).id;
    creatorActor = `${server.origin}/c/secure_creator`;
    inbox = `${server.origin}/c/secure_creator/inbox`;
  });
  afterAll(async () => {
    await peer?.close();
    await forger?.close();
    await server?.close();
  });

  const follow = (actor: URL, id = uniqueId(actor, 'follow')) => ({ '@context': context, id, type: 'Follow', actor: actor.href, object: creatorActor });

  it('accepts a correctly signed activity (202): the refusals below are about their one defect', async () => {
    const response = await peer.signedPost(inbox, follow(peer.actorUri('alice')));
    expect(response.status).toBe(202);
  });

  it('refuses an unsigned activity (401)', async () => {
    expect((await peer.signedPost(inbox, follow(peer.actorUri('alice')), { unsigned: true })).status).toBe(401);
  });

  it('refuses a bad signature (401): the actor’s key id, another private key', async () => {
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const response = await peer.signedPost(inbox, follow(peer.actorUri('alice')), { key: { privateKey: stranger.privateKey, keyId: peer.keyId('alice') } });
    expect(response.status).toBe(401);
  });

  it('refuses a key that is not the actor’s (401), even when its document names the actor as owner', async () => {
    const forged = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const keyId = new URL('/keys/forged', forger.origin);
    forger.serveDocument('/keys/forged', {
      '@context': 'https://w3id.org/security/v1',
      id: keyId.href,
      type: 'CryptographicKey',
      owner: peer.actorUri('alice').href,
      publicKeyPem: await exportSpki(forged.publicKey),
    });
    const response = await peer.signedPost(inbox, follow(peer.actorUri('alice')), { key: { privateKey: forged.privateKey, keyId } });
    expect(response.status).toBe(401);
  });

  it('refuses a body whose digest does not match (401)', async () => {
    const response = await peer.signedPost(inbox, follow(peer.actorUri('alice')), { tamper: (body) => body.replace('"Follow"', '"Follow" ') });
    expect(response.status).toBe(401);
  });

  it('refuses an activity whose actor is not the signer (401)', async () => {
    const response = await peer.signedPost(inbox, follow(peer.actorUri('alice')), { as: 'bob' });
    expect(response.status).toBe(401);
    // Nothing was stored for alice by bob's hand beyond the genuine follow above.
    const followers = await listFollowers(server.app.services, creatorId);
    expect(followers.followers.every((row) => row.actorId === peer.actorUri('alice').href)).toBe(true);
  });

  it('refuses a body over 1 MiB (413) and a type that is not ActivityPub JSON (415)', async () => {
    const big = { ...follow(peer.actorUri('alice')), padding: 'x'.repeat(1024 * 1024) };
    expect((await peer.signedPost(inbox, big)).status).toBe(413);
    expect((await peer.signedPost(inbox, follow(peer.actorUri('alice')), { contentType: 'text/plain' })).status).toBe(415);
  });

  it('accepts a repeated activity id and ignores it: one follower, one Accept', async () => {
    const other = await createUser(server.app, { role: 'dj', creatorTag: 'idempotent_creator' });
    const id = uniqueId(peer.actorUri('bob'), 'follow-twice');
    const activity = { '@context': context, id, type: 'Follow', actor: peer.actorUri('bob').href, object: `${server.origin}/c/idempotent_creator` };
    expect((await peer.signedPost(`${server.origin}/c/idempotent_creator/inbox`, activity)).status).toBe(202);
    await peer.waitFor((received) => received.type === 'Accept' && received.objectId === id);
    expect((await peer.signedPost(`${server.origin}/c/idempotent_creator/inbox`, activity)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(peer.received.filter((received) => received.type === 'Accept' && received.objectId === id)).toHaveLength(1);
    expect((await listFollowers(server.app.services, other.id)).count).toBe(1);
  });

  it('answers 429 past 60 activities a minute from one remote host', async () => {
    const busy = await startFediversePeer();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 61; index += 1) statuses.push((await busy.signedPost(inbox, follow(busy.actorUri('alice')), { unsigned: true })).status);
      expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
      expect(statuses[60]).toBe(429);
      // Another host keeps its own budget.
      expect((await peer.signedPost(inbox, follow(peer.actorUri('alice')))).status).toBe(202);
    } finally {
      await busy.close();
    }
  });

  it('logs refusals and answers without the activity body', async () => {
    const marker = `secret-marker-${Date.now()}`;
    const response = await peer.signedPost(inbox, { ...follow(peer.actorUri('alice')), content: marker }, { unsigned: true });
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logs).toContain('federation: inbox answered');
    expect(logs).toContain(peer.host);
    expect(logs).not.toContain(marker);
  });
});

describe('remote fetches without FEDERATION_ALLOW_PRIVATE_ADDRESSES', () => {
  let server: FederatedApp;
  let peer: FediversePeer;

  beforeAll(async () => {
    server = await startFederatedApp({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'false' });
    peer = await startFediversePeer();
    await createUser(server.app, { role: 'dj', creatorTag: 'public_only' });
  });
  afterAll(async () => {
    await peer?.close();
    await server?.close();
  });

  it('refuses to fetch a key from a loopback, plain-HTTP server: the signed activity is not verified (401)', async () => {
    const actor = peer.actorUri('alice');
    const response = await peer.signedPost(`${server.origin}/c/public_only/inbox`, { '@context': context, id: uniqueId(actor, 'follow'), type: 'Follow', actor: actor.href, object: `${server.origin}/c/public_only` });
    expect(response.status).toBe(401);
  });
});
