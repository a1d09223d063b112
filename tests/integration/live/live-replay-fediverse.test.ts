import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationPosts } from '@db/schema/federation';
import { liveRecordings } from '@db/schema/live';
import { podcastEpisodes } from '@db/schema/podcasts';
import { recordingKey } from '@server/domains/live/live.service';
import { newId } from '@server/lib/ids';
import { callerAs, createUser } from '../../helpers/app';
import { startFederatedApp, type FederatedApp } from '../../helpers/fediverse-peer';
import { waitFor } from '../../helpers/live';

describe('publishing a replay with "Post to the Fediverse" (federation on)', () => {
  let server: FederatedApp;
  beforeAll(async () => {
    server = await startFederatedApp();
  });
  afterAll(async () => server?.close());

  /** A finished recording of the creator's, its MP4 already in the storage (what the ingest leaves behind). */
  async function readyRecording(userId: string): Promise<string> {
    const id = newId();
    await server.app.services.storage.put(recordingKey(id), Buffer.alloc(4096, 1));
    await server.app.services.db.insert(liveRecordings).values({ id, userId, status: 'ready', parts: [], startedAt: new Date().toISOString(), durationSeconds: 12, sizeBytes: 4096 });
    return id;
  }
  const replayPost = async (episodeId: string) =>
    (await server.app.services.db.select().from(federationPosts).where(and(eq(federationPosts.kind, 'replay'), eq(federationPosts.subjectId, episodeId))))[0];
  const storedFediverse = async (episodeId: string) =>
    (await server.app.services.db.select({ fediverse: podcastEpisodes.fediverse }).from(podcastEpisodes).where(eq(podcastEpisodes.id, episodeId)))[0]?.fediverse;

  it('an unticked box makes an episode that is not posted; the default one is posted', async () => {
    const creator = await createUser(server.app, { role: 'dj', creatorTag: 'replay_optout', displayName: 'Replay Optout' });
    const caller = await callerAs(server.app, creator.token);
    expect((await caller.federation.settings()).publish).toBe(true);
    const title = await caller.podcasts.createTitle({ name: 'Replays', isVideo: true });

    const quiet = await caller.live.publishRecording({ recordingId: await readyRecording(creator.id), titleId: title.id, name: 'Quiet replay', fediverse: false });
    expect((await caller.podcasts.getEpisode({ id: quiet.episodeId })).fediverse).toBe(false);
    expect(await storedFediverse(quiet.episodeId)).toBe(false);

    const postedRecording = await readyRecording(creator.id);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/live/recordings/${postedRecording}/publish`,
      headers: { authorization: `Bearer ${creator.token}` },
      payload: { titleId: title.id, name: 'Posted replay' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const posted = response.json() as { episodeId: string };
    expect(await storedFediverse(posted.episodeId)).toBe(true);

    // The default replay's post is the sign that announcements ran: by then the quiet one would have its row too.
    expect(await waitFor('the posted replay on the Fediverse', () => replayPost(posted.episodeId))).toMatchObject({ userId: creator.id, title: 'Posted replay' });
    expect(await replayPost(quiet.episodeId)).toBeUndefined();
    expect((await caller.federation.posts()).posts.map((post) => post.title)).toEqual(['Posted replay']);
  });

  it('refuses a "Post to the Fediverse" that is not true or false, and publishes nothing', async () => {
    const creator = await createUser(server.app, { role: 'dj', creatorTag: 'replay_badvalue' });
    const caller = await callerAs(server.app, creator.token);
    const title = await caller.podcasts.createTitle({ name: 'Replays', isVideo: true });
    const recordingId = await readyRecording(creator.id);
    await expect(caller.live.publishRecording({ recordingId, titleId: title.id, name: 'Bad', fediverse: 'no' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.live.recordings()).find((row) => row.id === recordingId)).toMatchObject({ episodeId: null });
  });
});
