import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerWindows, mediaDailyCounts, type MediaCountMode, type MediaItemKind } from '@db/schema/analytics';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { newId } from '@server/lib/ids';
import { bearer, callerAs, createTestApp, createUser, type TestUser } from '../helpers/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const dayMs = 24 * 3600_000;
/** D: five days ago (UTC date), so the retention sweep (30 days) leaves the rows alone. */
const dayOf = (offset: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + (offset - 5) * dayMs).toISOString().slice(0, 10);
const D = dayOf(0);

let creator: TestUser;
let other: TestUser;
let admin: TestUser;
let viewer: TestUser;
const ids = { t1: '', t2: '', tb: '', e1: '', e2: '', e3: '', eb: '', gone: `gone-${newId()}`, replay: `rec-${newId()}` };

async function title(owner: TestUser, name: string): Promise<string> {
  const id = newId();
  await app.services.db.insert(podcastTitles).values({ id, userId: owner.id, name });
  return id;
}

async function episode(owner: TestUser, titleId: string, name: string): Promise<string> {
  const id = newId();
  await app.services.db.insert(podcastEpisodes).values({
    id,
    podcastTitleId: titleId,
    userId: owner.id,
    name,
    mediaUrl: `/uploads/${id}.mp3`,
    mediaType: 'audio/mpeg',
    mediaBytes: 1_000_000,
    durationSeconds: 600,
    publishDate: '2025-01-01T00:00:00.000Z',
  });
  return id;
}

async function counted(
  owner: TestUser,
  itemId: string,
  countedAt: string | null,
  options: { kind?: MediaItemKind; parentId?: string | null; app?: string; bot?: boolean; mode?: MediaCountMode } = {},
): Promise<void> {
  await app.services.db.insert(listenerWindows).values({
    id: newId(),
    itemKind: options.kind ?? 'episode',
    itemId,
    creatorId: owner.id,
    parentId: options.parentId ?? null,
    listenerKey: newId(),
    mode: options.mode ?? 'bytes',
    startedAt: countedAt ?? `${D}T12:00:00.000Z`,
    ranges: [[0, 500_000]],
    unitsServed: 500_000,
    thresholdUnits: 400_000,
    countedAt,
    app: options.app ?? 'Spotify',
    bot: options.bot ?? false,
  });
}

beforeAll(async () => {
  creator = await createUser(app, { role: 'dj' });
  other = await createUser(app, { role: 'dj' });
  admin = await createUser(app, { role: 'admin' });
  viewer = await createUser(app, { role: 'viewer' });
  ids.t1 = await title(creator, 'First show');
  ids.t2 = await title(creator, 'Second show');
  ids.tb = await title(other, 'Other show');
  ids.e1 = await episode(creator, ids.t1, 'Episode one');
  ids.e2 = await episode(creator, ids.t1, 'Episode two');
  ids.e3 = await episode(creator, ids.t2, 'Episode three');
  ids.eb = await episode(other, ids.tb, 'Their episode');

  await counted(creator, ids.e1, `${D}T00:00:00.000Z`, { parentId: ids.t1, app: 'Apple Podcasts' });
  await counted(creator, ids.e1, `${D}T00:00:00.000Z`, { parentId: ids.t1, app: 'Apple Podcasts' });
  await counted(creator, ids.e1, `${D}T23:59:59.999Z`, { parentId: ids.t1, app: 'Spotify' });
  await counted(creator, ids.e1, `${dayOf(1)}T08:00:00.000Z`, { parentId: ids.t1, app: 'Unknown', bot: true });
  await counted(creator, ids.e1, null, { parentId: ids.t1 }); // served too little: never counted
  await counted(creator, ids.e2, `${dayOf(1)}T10:00:00.000Z`, { parentId: ids.t1, app: 'Spotify' });
  await counted(creator, ids.e3, `${dayOf(2)}T00:00:00.000Z`, { parentId: ids.t2, app: 'Overcast' }); // at `to`: out
  await counted(creator, ids.gone, `${dayOf(1)}T11:00:00.000Z`, { parentId: ids.t1, app: 'Spotify' });
  await counted(creator, ids.replay, `${dayOf(1)}T12:00:00.000Z`, { kind: 'replay', app: 'Browser' });
  await counted(other, ids.eb, `${dayOf(1)}T12:00:00.000Z`, { parentId: ids.tb, app: 'Overcast', mode: 'request' });
  // What the retention sweep kept of an older day: whole-day aggregates.
  await app.services.db.insert(mediaDailyCounts).values([
    { day: dayOf(-1), itemKind: 'episode', itemId: ids.e2, creatorId: creator.id, parentId: ids.t1, app: 'Spotify', bot: false, downloads: 5 },
    { day: dayOf(-1), itemKind: 'episode', itemId: ids.e2, creatorId: creator.id, parentId: ids.t1, app: 'Unknown', bot: true, downloads: 3 },
  ]);
});

const range = () => ({ from: dayOf(-1), to: dayOf(2) });

describe('analytics.downloads', () => {
  it('counts the creator’s own downloads by UTC day (every day, zeros included), bots apart, `to` exclusive', async () => {
    const api = await callerAs(app, creator.token);
    const answer = await api.analytics.downloads({ ...range(), groupBy: 'day' });
    expect(answer).toEqual({
      total: 11,
      bots: 4,
      basis: 'bytes',
      rows: [
        { key: dayOf(-1), label: dayOf(-1), downloads: 5 },
        { key: D, label: D, downloads: 3 },
        { key: dayOf(1), label: dayOf(1), downloads: 3 },
      ],
    });
    // A day with nothing is listed with zero; the window counted exactly at `to` is not in.
    const longer = await api.analytics.downloads({ from: dayOf(1), to: dayOf(4) });
    expect(longer.rows).toEqual([
      { key: dayOf(1), label: dayOf(1), downloads: 3 },
      { key: dayOf(2), label: dayOf(2), downloads: 1 },
      { key: dayOf(3), label: dayOf(3), downloads: 0 },
    ]);
    // ISO times with an offset are read as UTC: 00:30+01:00 is the day before 23:30 UTC (that day's aggregate counts whole).
    const offset = await api.analytics.downloads({ from: `${D}T00:30:00+01:00`, to: `${dayOf(1)}T00:00:00+00:00` });
    expect(offset.rows.map((row) => [row.key, row.downloads])).toEqual([
      [dayOf(-1), 5],
      [D, 3],
    ]);
    // `from` is inclusive to the millisecond.
    const later = await api.analytics.downloads({ from: `${D}T00:00:00.001Z`, to: dayOf(1) });
    expect(later.total).toBe(1);
  });

  it('groups by episode (episodes only, most downloaded first, a deleted one named so) and by app', async () => {
    const api = await callerAs(app, creator.token);
    const byEpisode = await api.analytics.downloads({ ...range(), groupBy: 'episode' });
    expect(byEpisode).toEqual({
      total: 10,
      bots: 4,
      basis: 'bytes',
      rows: [
        { key: ids.e2, label: 'Episode two', downloads: 6 },
        { key: ids.e1, label: 'Episode one', downloads: 3 },
        { key: ids.gone, label: 'Deleted episode', downloads: 1 },
      ],
    });
    const byApp = await api.analytics.downloads({ ...range(), groupBy: 'app' });
    expect(byApp.rows).toEqual([
      { key: 'Spotify', label: 'Spotify', downloads: 8 },
      { key: 'Apple Podcasts', label: 'Apple Podcasts', downloads: 2 },
      { key: 'Browser', label: 'Browser', downloads: 1 },
    ]);
    expect(byApp.total).toBe(11);
  });

  it('filters by title and episode; another creator’s title or episode answers 404', async () => {
    const api = await callerAs(app, creator.token);
    expect((await api.analytics.downloads({ ...range(), titleId: ids.t1 })).total).toBe(10);
    expect((await api.analytics.downloads({ ...range(), titleId: ids.t2 })).total).toBe(0);
    const one = await api.analytics.downloads({ ...range(), episodeId: ids.e1, groupBy: 'app' });
    expect(one).toMatchObject({ total: 3, bots: 1 });
    // A deleted episode's numbers stay its creator's.
    expect((await api.analytics.downloads({ ...range(), episodeId: ids.gone })).total).toBe(1);

    await expect(api.analytics.downloads({ ...range(), titleId: ids.tb })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Podcast not found' });
    await expect(api.analytics.downloads({ ...range(), episodeId: ids.eb })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Episode not found' });
    await expect(api.analytics.downloads({ ...range(), episodeId: 'no-such-episode' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.analytics.downloads({ ...range(), creatorId: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Creator not found' });
    const theirs = await callerAs(app, other.token);
    await expect(theirs.analytics.downloads({ ...range(), episodeId: ids.gone })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Redirected requests (MEDIA_PUBLIC_URL) make the basis `requests`.
    expect(await theirs.analytics.downloads(range())).toMatchObject({ total: 1, bots: 0, basis: 'requests' });
  });

  it('refuses a range that is empty, reversed or longer than 400 days, as field errors (400 over REST)', async () => {
    const api = await callerAs(app, creator.token);
    await expect(api.analytics.downloads({ from: D, to: D })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The start must be before the end' });
    await expect(api.analytics.downloads({ from: dayOf(1), to: D })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The start must be before the end' });
    await expect(api.analytics.downloads({ from: '2024-01-01', to: '2025-02-05' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Choose a range of at most 400 days' });
    expect((await api.analytics.downloads({ from: '2024-01-01', to: '2025-02-04' })).rows).toHaveLength(400);
    const response = await app.inject({ method: 'GET', url: `/api/analytics/downloads?from=${dayOf(1)}&to=${D}`, headers: bearer(creator.token) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The start must be before the end', errors: { from: 'The start must be before the end' } });
  });
});

describe('who reads analytics', () => {
  it('refuses viewers; an admin reads one creator (an unknown one: 404) or the whole install', async () => {
    await expect((await callerAs(app, viewer.token)).analytics.downloads(range())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await app.inject({ method: 'GET', url: `/api/analytics/downloads?from=${dayOf(-1)}&to=${dayOf(2)}`, headers: bearer(viewer.token) })).statusCode).toBe(403);
    const adminApi = await callerAs(app, admin.token);
    const own = await (await callerAs(app, creator.token)).analytics.downloads(range());
    expect(await adminApi.analytics.downloads({ ...range(), creatorId: creator.id })).toEqual(own);
    expect(await adminApi.analytics.downloads(range())).toMatchObject({ total: 12, bots: 4, basis: 'requests' });
    await expect(adminApi.analytics.downloads({ ...range(), creatorId: 'no-such-creator' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Creator not found' });
    // The whole install may filter on any creator's episode.
    expect((await adminApi.analytics.downloads({ ...range(), episodeId: ids.eb })).total).toBe(1);
  });

  it('API tokens need analytics:read; REST answers what tRPC answers', async () => {
    const session = await callerAs(app, creator.token);
    const without = (await session.apiTokens.create({ name: 'podcasts', scopes: ['podcasts:read'] })).token;
    const withScope = (await session.apiTokens.create({ name: 'analytics', scopes: ['analytics:read'] })).token;
    const query = `from=${dayOf(-1)}&to=${dayOf(2)}&groupBy=episode`;
    const refused = await app.inject({ method: 'GET', url: `/api/analytics/downloads?${query}`, headers: bearer(without) });
    expect(refused.statusCode).toBe(403);
    const accepted = await app.inject({ method: 'GET', url: `/api/analytics/downloads?${query}`, headers: bearer(withScope) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual(await session.analytics.downloads({ ...range(), groupBy: 'episode' }));
    await expect((await callerAs(app, without)).analytics.members(range())).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const members = await app.inject({ method: 'GET', url: `/api/analytics/members?from=${dayOf(-1)}&to=${dayOf(2)}`, headers: bearer(withScope) });
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual(await session.analytics.members(range()));
    expect((await app.inject({ method: 'GET', url: `/api/analytics/members?from=${dayOf(-1)}&to=${dayOf(2)}`, headers: bearer(without) })).statusCode).toBe(403);

    const otherEvent = await app.inject({ method: 'GET', url: '/api/analytics/live/no-such-event', headers: bearer(withScope) });
    expect(otherEvent.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/analytics/live/no-such-event', headers: bearer(without) })).statusCode).toBe(403);
  });
});

describe('analytics.itemCounts', () => {
  it('counts each of the caller’s items all time (bots and uncounted windows out); others’ ids are left out', async () => {
    const api = await callerAs(app, creator.token);
    expect(await api.analytics.itemCounts({ itemKind: 'episode', ids: [ids.e1, ids.e2, ids.e3, ids.eb] })).toEqual({
      counts: { [ids.e1]: 3, [ids.e2]: 6, [ids.e3]: 1 },
    });
    expect(await api.analytics.itemCounts({ itemKind: 'replay', ids: [ids.replay, ids.e1] })).toEqual({ counts: { [ids.replay]: 1 } });
    expect(await (await callerAs(app, other.token)).analytics.itemCounts({ itemKind: 'episode', ids: [ids.e1, ids.eb] })).toEqual({ counts: { [ids.eb]: 1 } });
  });
});

describe('analytics.liveEvents', () => {
  it('lists the started events of the scope, latest first: a creator their own, an admin one creator’s or all; REST the same', async () => {
    const { events } = await import('@db/schema/events');
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString();
    const made = { early: newId(), late: newId(), future: newId(), theirs: newId() };
    await app.services.db.insert(events).values([
      { id: made.early, userId: creator.id, name: 'Early set', startDateTime: at(48), endDateTime: at(47) },
      { id: made.late, userId: creator.id, name: 'Late set', startDateTime: at(2), endDateTime: null },
      { id: made.future, userId: creator.id, name: 'Next week', startDateTime: at(-24 * 7), endDateTime: null },
      { id: made.theirs, userId: other.id, name: 'Their set', startDateTime: at(5), endDateTime: at(4) },
    ]);
    const own = await (await callerAs(app, creator.token)).analytics.liveEvents({});
    expect(own.events.map((event) => event.name)).toEqual(['Late set', 'Early set']);
    expect(own.events[0]).toMatchObject({ id: made.late, name: 'Late set', endDateTime: null, creatorName: 'Test dj' });
    await expect((await callerAs(app, creator.token)).analytics.liveEvents({ creatorId: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect((await callerAs(app, viewer.token)).analytics.liveEvents({})).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const adminApi = await callerAs(app, admin.token);
    expect((await adminApi.analytics.liveEvents({ creatorId: other.id })).events.map((event) => event.name)).toEqual(['Their set']);
    expect((await adminApi.analytics.liveEvents({})).events.map((event) => event.name)).toEqual(['Late set', 'Their set', 'Early set']);
    // The admin then reads another creator's event through the same scope.
    expect((await adminApi.analytics.live({ eventId: made.theirs, creatorId: other.id })).eventId).toBe(made.theirs);

    const rest = await app.inject({ method: 'GET', url: `/api/analytics/live?creatorId=${other.id}`, headers: bearer(admin.token) });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual(await adminApi.analytics.liveEvents({ creatorId: other.id }));
  });
});
