import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { multipart } from '../../helpers/images';
import { startReceiver } from '../../helpers/webhook-receiver';

/** The domains announce what happens through emitWebhookEvent; an API token drives them over REST/tRPC. */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let creator: TestUser;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { webhooks: { background: false } });
  receiver = await startReceiver();
  creator = await createUser(t.app, { role: 'dj' });
  const session = await callerAs(t.app, creator.token);
  await session.webhooks.create({ url: receiver.url, events: ['episode.published', 'event.created', 'event.updated', 'event.live', 'tip.received', 'payment.succeeded', 'subscription.updated'] });
  ({ token } = await session.apiTokens.create({ name: 'automation', scopes: ['podcasts:write', 'events:write', 'earnings:read'] }));
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const received = (type: string) => receiver.received.filter((request) => request.body.type === type);

describe('event.created, event.updated, event.live', () => {
  it('are sent as events are created, changed and switched on', async () => {
    const client = await callerAs(t.app, creator.token);
    const active = await client.events.create({ name: 'Opening night' });
    const draft = await client.events.create({ name: 'Draft', isActive: false });
    await client.events.update({ id: draft.id, name: 'Draft, renamed' });
    await client.events.update({ id: draft.id, isActive: true });
    await t.app.services.webhooks.processDue();
    const summary = receiver.received
      .filter((request) => request.body.type.startsWith('event.'))
      .map((request) => [request.body.type, (request.body.data as { id: string; name: string }).name]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['event.created', 'Opening night'],
        ['event.live', 'Opening night'],
        ['event.created', 'Draft'],
        ['event.updated', 'Draft, renamed'],
        ['event.updated', 'Draft, renamed'],
        ['event.live', 'Draft, renamed'],
      ]),
    );
    expect(summary).toHaveLength(6);
    expect((received('event.created')[0]!.body.data as { id: string }).id).toBe(active.id);
  });
});

describe('episode.published', () => {
  async function createTitle(): Promise<string> {
    const body = multipart({ name: 'Records Behind the Set' });
    const response = await t.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  async function uploadEpisode(titleId: string, publishDate: string) {
    const body = multipart({ name: `Episode at ${publishDate}`, publishDate }, { media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: makeMp3Tone({ seconds: 2 }) } });
    const response = await t.app.inject({ method: 'POST', url: `/api/podcast/titles/${titleId}/episodes`, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; name: string };
  }

  it('is sent when an episode is published now, and at the publish date of a scheduled one', async () => {
    const titleId = await createTitle();
    const now = await uploadEpisode(titleId, new Date(Date.now() - 60_000).toISOString());
    await t.app.services.webhooks.processDue();
    expect(received('episode.published').map((request) => (request.body.data as { id: string }).id)).toEqual([now.id]);

    const inAnHour = new Date(Date.now() + 3600_000);
    const scheduled = await uploadEpisode(titleId, inAnHour.toISOString());
    const cancelled = await uploadEpisode(titleId, inAnHour.toISOString());
    await t.app.services.webhooks.processDue();
    expect(received('episode.published')).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/podcast/episodes/${cancelled.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    await t.app.services.webhooks.processDue(new Date(inAnHour.getTime() + 1000));
    expect(received('episode.published').map((request) => (request.body.data as { id: string }).id)).toEqual([now.id, scheduled.id]);
    expect(received('episode.published')[1]!.body.createdAt).toBe(inAnHour.toISOString());
  });

  it('an API token without podcasts:write cannot publish', async () => {
    const session = await callerAs(t.app, creator.token);
    const { token: readOnly } = await session.apiTokens.create({ name: 'reader', scopes: ['podcasts:read'] });
    const body = multipart({ name: 'Nope' });
    const response = await t.app.inject({ method: 'POST', url: '/api/podcast/titles', headers: { ...body.headers, ...bearer(readOnly) }, payload: body.payload });
    expect([response.statusCode, response.json().message]).toEqual([403, 'This API token lacks the scope podcasts:write']);
    const listed = await t.app.inject({ method: 'GET', url: '/trpc/podcasts.listTitles', headers: bearer(readOnly) });
    expect(listed.statusCode).toBe(200);
  });
});
