import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { parseFeed } from 'podcast-partytime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberships, revokedFeedTokens } from '@db/schema/memberships';
import { myMembershipsPath } from '@server/domains/podcasts/member-feeds';
import { podcastMessages } from '@server/domains/podcasts/podcasts.schemas';
import { appPagePaths } from '@common/page-paths';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, postMultipart, type multipart } from '../helpers/images';
import { insertMembership, insertTier, type MembershipRow, type TierRow } from '../helpers/membership-rows';

const publicUrl = 'https://casts.example.test';
const cover = makePng(1400, 1400);
const media = makeMp3Tone({ seconds: 2 });
const transcript = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nMembers only\n');
const chapters = Buffer.from(JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] }));

describe('private member feeds', () => {
  let test: TestApp;
  let creator: TestUser;
  let member: TestUser;
  let title: { id: string; imageUrl: string };
  let otherTitle: { id: string };
  let episode: { id: string };
  let tier: TierRow;
  let membership: MembershipRow;

  async function post(url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) {
    const response = await postMultipart(test.app, creator.token, url, fields, files);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const feedPath = (titleId: string, token: string) => `/feeds/${titleId}/${token}.xml`;
  const memberFile = (url: string) => url.replace(publicUrl, '');

  beforeEach(async () => {
    test = await createTestApp({ PUBLIC_URL: publicUrl });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill', creatorTag: 'mara_quill' });
    member = await createUser(test.app, { role: 'viewer' });
    title = await post('/api/podcast/titles', { name: 'Backstage', membersOnly: 'true' }, { image: { filename: 'c.png', contentType: 'image/png', content: cover } });
    otherTitle = await post('/api/podcast/titles', { name: 'Second show', membersOnly: 'true' });
    episode = await post(
      `/api/podcast/titles/${title.id}/episodes`,
      { name: 'Soundcheck', publishDate: '2026-01-05T10:00:00Z' },
      {
        media: { filename: 'tone.mp3', contentType: 'audio/mpeg', content: media },
        image: { filename: 'e.png', contentType: 'image/png', content: cover },
        transcript: { filename: 't.vtt', contentType: 'text/vtt', content: transcript },
        chapters: { filename: 'c.json', contentType: 'application/json', content: chapters },
      },
    );
    tier = await insertTier(test.app, creator.id, { podcastTitleIds: [title.id] });
    membership = await insertMembership(test.app, tier, member.id);
  });
  afterEach(async () => test.close());

  it("parses with podcast-partytime: locked, blocked, every file at the member's own URL, and the enclosure plays", async () => {
    const response = await get(feedPath(title.id, membership.feedToken));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const feed = parseFeed(response.body)!;
    expect(feed.title).toBe('Backstage');
    expect(feed.locked).toBe(true);
    expect(feed.itunesBlock).toBe(true);
    expect(response.body).toContain('<itunes:block>Yes</itunes:block>');
    // The title's cover stays public; the episode's files are the member's.
    expect(feed.itunesImage).toBe(`${publicUrl}${title.imageUrl}`);
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    const prefix = `${publicUrl}/member-media/${membership.feedToken}/${episode.id}/`;
    expect(item!.enclosure.url.startsWith(prefix)).toBe(true);
    expect(item!.enclosure.length).toBe(media.length);
    expect(item!.itunesImage?.startsWith(prefix)).toBe(true);
    expect(item!.podcastTranscripts?.[0]?.url.startsWith(prefix)).toBe(true);
    expect(item!.podcastChapters?.url.startsWith(prefix)).toBe(true);
    expect(item!.link).toBe(`${publicUrl}/c/mara_quill`);
    // Only the title's cover is at a public /uploads URL.
    expect([...response.body.matchAll(/\/uploads\/[^"<]+/g)].map(([url]) => url)).toEqual([title.imageUrl, title.imageUrl]);

    const part = await get(memberFile(item!.enclosure.url), { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${media.length}`);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['cache-control']).toBe('private, no-cache');
    expect(part.headers['access-control-allow-origin']).toBe('*');
    expect(part.rawPayload.equals(media.subarray(0, 100))).toBe(true);
    const again = await get(memberFile(item!.enclosure.url), { 'if-none-match': part.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const text = await get(memberFile(item!.podcastTranscripts![0]!.url));
    expect(text.statusCode).toBe(200);
    expect(text.body).toContain('Members only');
    expect((await get(memberFile(item!.podcastChapters!.url))).json()).toMatchObject({ chapters: [{ title: 'Intro' }] });

    // A file that is not one of the episode's is nothing, even with a good token.
    const coverName = title.imageUrl.replace('/uploads/', '');
    expect((await get(`/member-media/${membership.feedToken}/${episode.id}/${coverName}`)).statusCode).toBe(404);
  });

  it('answers 304 to a podcast app holding the current feed', async () => {
    const first = await get(feedPath(title.id, membership.feedToken));
    const second = await get(feedPath(title.id, membership.feedToken), { 'if-none-match': first.headers.etag as string });
    expect(second.statusCode).toBe(304);
  });

  it("opens nothing of this title to another member's token, a made-up token or a title outside the tier", async () => {
    const otherMember = await createUser(test.app, { role: 'viewer' });
    const otherTier = await insertTier(test.app, creator.id, { podcastTitleIds: [otherTitle.id] });
    const stranger = await insertMembership(test.app, otherTier, otherMember.id);
    const open = parseFeed((await get(feedPath(title.id, membership.feedToken))).body)!;
    const mediaName = open.items[0]!.enclosure.url.split('/').pop()!;

    for (const token of [stranger.feedToken, 'A'.repeat(43)]) {
      const feed = await get(feedPath(title.id, token));
      expect(feed.statusCode).toBe(404);
      expect(feed.body).not.toContain('Backstage');
      expect((await get(`/member-media/${token}/${episode.id}/${mediaName}`)).statusCode).toBe(404);
    }
    // The member's own token opens only the tier's titles.
    expect((await get(feedPath(otherTitle.id, membership.feedToken))).statusCode).toBe(404);
    // The stranger's token opens their own tier's title.
    expect((await get(feedPath(otherTitle.id, stranger.feedToken))).statusCode).toBe(200);
  });

  it('answers 410 with a one-item notice at a reset address, and its file URLs stop working; the new address works', async () => {
    const old = parseFeed((await get(feedPath(title.id, membership.feedToken))).body)!;
    const oldMedia = memberFile(old.items[0]!.enclosure.url);
    // What memberships.resetFeeds does: a new token, the old one kept as revoked, in one transaction.
    const newToken = 'N'.repeat(43);
    await test.app.services.db.transaction(async (tx) => {
      await tx.insert(revokedFeedTokens).values({ feedToken: membership.feedToken, membershipId: membership.id });
      await tx.update(memberships).set({ feedToken: newToken }).where(eq(memberships.id, membership.id));
    });

    const gone = await get(feedPath(title.id, membership.feedToken));
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain('application/rss+xml');
    const notice = parseFeed(gone.body)!;
    expect(notice.title).toBe('Backstage');
    expect(notice.itunesBlock).toBe(true);
    expect(notice.items).toHaveLength(1);
    expect(notice.items[0]).toMatchObject({ title: podcastMessages.feedReplacedTitle, link: `${publicUrl}${myMembershipsPath}` });
    expect(notice.items[0]!.description).toContain(`${publicUrl}/memberships`);
    expect(myMembershipsPath).toBe(appPagePaths.myMemberships);
    // The notice's audio is there for podcast apps to list the item.
    const audio = await get(memberFile(notice.items[0]!.enclosure.url));
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(Number(audio.headers['content-length'])).toBe(notice.items[0]!.enclosure.length);

    const oldFile = await get(oldMedia, { range: 'bytes=0-99' });
    expect(oldFile.statusCode).toBe(410);
    expect(oldFile.json()).toEqual({ message: podcastMessages.memberFileReplaced });

    const fresh = await get(feedPath(title.id, newToken));
    expect(fresh.statusCode).toBe(200);
    const freshMedia = memberFile(parseFeed(fresh.body)!.items[0]!.enclosure.url);
    expect((await get(freshMedia, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it("follows the member's own reset (memberships.resetFeeds): the old address 410, the new one from My memberships opens", async () => {
    const caller = await callerAs(test.app, member.token);
    const before = (await caller.memberships.mine()).find((row) => row.id === membership.id)!;
    expect(before.feeds.map((feed) => feed.url)).toEqual([`${publicUrl}${feedPath(title.id, membership.feedToken)}`]);
    const after = await caller.memberships.resetFeeds({ membershipId: membership.id });
    const [feed] = after.feeds;
    expect(feed!.url).not.toBe(before.feeds[0]!.url);
    expect((await get(feedPath(title.id, membership.feedToken))).statusCode).toBe(410);
    expect((await get(feed!.url.replace(publicUrl, ''))).statusCode).toBe(200);
  });

  it('answers 410 with a one-item feed telling a lapsed member how to renew, and their file URLs stop working', async () => {
    const open = parseFeed((await get(feedPath(title.id, membership.feedToken))).body)!;
    const mediaPath = memberFile(open.items[0]!.enclosure.url);
    await test.app.services.db.update(memberships).set({ status: 'lapsed', lapsedAt: '2026-02-01T00:00:00.000Z' }).where(eq(memberships.id, membership.id));

    const lapsed = await get(feedPath(title.id, membership.feedToken));
    expect(lapsed.statusCode).toBe(410);
    const feed = parseFeed(lapsed.body)!;
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ title: podcastMessages.membershipEndedTitle, link: `${publicUrl}/c/mara_quill` });
    expect(feed.items[0]!.description).toContain('Renew your membership at https://casts.example.test/c/mara_quill');
    expect(lapsed.body).not.toContain('Soundcheck');

    const file = await get(mediaPath);
    expect(file.statusCode).toBe(410);
    expect(file.json()).toEqual({ message: podcastMessages.memberFileEnded });
  });

  it('keeps the feed token and upload signatures out of the request log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ PUBLIC_URL: publicUrl, LOG_LEVEL: 'info' }, { logStream });
    try {
      const owner = await createUser(logged.app, { role: 'dj' });
      const viewer = await createUser(logged.app, { role: 'viewer' });
      const caller = await callerAs(logged.app, owner.token);
      const show = await caller.podcasts.createTitle({ name: 'Quiet show', membersOnly: true });
      const token = (await insertMembership(logged.app, await insertTier(logged.app, owner.id, { podcastTitleIds: [show.id] }), viewer.id)).feedToken;
      expect((await logged.app.inject({ method: 'GET', url: `/feeds/${show.id}/${token}.xml` })).statusCode).toBe(200);
      expect((await logged.app.inject({ method: 'GET', url: `/member-media/${token}/nope/x.mp3` })).statusCode).toBe(404);
      await logged.app.inject({ method: 'GET', url: '/uploads/x.mp3?expires=1&signature=SignedSecret' });
      const log = lines.join('');
      expect(log).toContain('/uploads/x.mp3?expires=1&signature=[redacted]');
      expect(log).not.toContain('SignedSecret');
      expect(log).toContain(`/feeds/${show.id}/[redacted].xml`);
      expect(log).toContain('/member-media/[redacted]/nope/x.mp3');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it('keeps a canceled membership open to the end of its paid month, then gone', async () => {
    const set = async (values: Partial<typeof memberships.$inferInsert>) => {
      await test.app.services.db.update(memberships).set(values).where(eq(memberships.id, membership.id));
    };
    await set({ status: 'canceled', currentPeriodEnd: new Date(Date.now() + 3600_000).toISOString() });
    expect((await get(feedPath(title.id, membership.feedToken))).statusCode).toBe(200);
    await set({ currentPeriodEnd: new Date(Date.now() - 1000).toISOString() });
    expect((await get(feedPath(title.id, membership.feedToken))).statusCode).toBe(410);
  });
});
