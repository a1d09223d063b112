import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { profileMessages } from '@server/domains/profile/profile.schemas';
import { forbiddenMessage } from '@server/trpc/init';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

/**
 * "Change Password and Profile open for staff and `user` accounts too, for their own account": profile.get, update,
 * removeAvatar and the avatar upload admit every dashboard account; the creator fields (description, stream source,
 * creator tag, mail notices) and the plan status stay a creator's (or admin's).
 */
describe('profile: every dashboard account, its own names and photo', () => {
  let test: TestApp;
  let staff: TestUser;
  let member: TestUser;
  let creator: TestUser;
  let viewer: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    staff = await createUser(test.app, { role: 'staff', description: 'hidden', streamValue: 'https://example.test/s.m3u8', creatorTag: 'was_a_dj' });
    member = await createUser(test.app, { role: 'user' });
    creator = await createUser(test.app, { role: 'dj', streamValue: 'https://example.test/live.m3u8' });
    viewer = await createUser(test.app, { role: 'viewer' });
  });
  afterEach(async () => test.close());

  const as = (user?: TestUser) => callerAs(test.app, user?.token);
  // eslint-disable-next-line no-restricted-syntax -- the profile.get procedure, not a Drizzle query
  const profileGet = async (user?: TestUser) => (await as(user)).profile.get();
  const stored = (id: string) => firstRow(test.app.services.db.select().from(users).where(eq(users.id, id)));
  const avatarUpload = (token?: string) => {
    const body = multipart({}, { image: { filename: 'me.png', contentType: 'image/png', content: makePng(100, 100) } });
    return test.app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: body.payload });
  };

  it('staff and user accounts read their own profile, without the creator fields', async () => {
    for (const user of [staff, member]) {
      const profile = await profileGet(user);
      expect(profile).toMatchObject({ id: user.id, email: user.email, isCreator: false, streamValue: null, creatorTag: null, eventPagePath: null, description: '', notifyNewPayments: false });
    }
    expect(await profileGet(creator)).toMatchObject({ id: creator.id, isCreator: true, streamValue: 'https://example.test/live.m3u8' });
  });

  it('staff and user accounts change their names; the answer carries their session user', async () => {
    for (const user of [staff, member]) {
      const answer = await (await as(user)).profile.update({ displayName: 'New Name', firstName: 'New', lastName: 'Name' });
      expect(answer.profile).toMatchObject({ displayName: 'New Name', firstName: 'New', lastName: 'Name', isCreator: false });
      expect(answer.user).toMatchObject({ id: user.id, displayName: 'New Name' });
      expect(await stored(user.id)).toMatchObject({ displayName: 'New Name', firstName: 'New', lastName: 'Name' });
    }
  });

  it.each([
    ['a stream source', { streamValue: 'https://example.test/mine.m3u8' }],
    ['a description', { description: 'About me' }],
    ['the mail notices', { notifyNewPayments: false }],
  ])('refuses %s from a staff or user account (403), changing nothing', async (_name, input) => {
    for (const user of [staff, member]) {
      const before = await stored(user.id);
      await expect((await as(user)).profile.update({ displayName: 'Changed', ...input })).rejects.toMatchObject({ code: 'FORBIDDEN', message: profileMessages.creatorOnly });
      expect(await stored(user.id)).toMatchObject({ displayName: before!.displayName, description: before!.description, streamValue: before!.streamValue });
    }
    // A creator keeps every field.
    expect((await (await as(creator)).profile.update(input)).profile.isCreator).toBe(true);
  });

  it('staff and user accounts upload and remove their own profile picture', async () => {
    for (const user of [staff, member]) {
      const uploaded = await avatarUpload(user.token);
      expect(uploaded.statusCode).toBe(200);
      const imageUrl = uploaded.json<{ profile: { imageUrl: string } }>().profile.imageUrl;
      expect(imageUrl).toMatch(/^\/uploads\//);
      expect((await stored(user.id))?.imageUrl).toBe(imageUrl);
      const removed = await (await as(user)).profile.removeAvatar();
      expect(removed.profile.imageUrl).toBeNull();
    }
  });

  it('the plan status stays a creator’s', async () => {
    for (const user of [staff, member]) await expect((await as(user)).profile.planStatus()).rejects.toMatchObject({ code: 'FORBIDDEN', message: forbiddenMessage });
    expect(await (await as(creator)).profile.planStatus()).toMatchObject({ accountActive: true });
  });

  it('refuses guests (401) and viewers (403) on every profile call and the avatar upload', async () => {
    const guest = await as();
    await expect(profileGet()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(guest.profile.update({ displayName: 'X' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(guest.profile.removeAvatar()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await avatarUpload()).statusCode).toBe(401);
    const asViewer = await as(viewer);
    await expect(profileGet(viewer)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asViewer.profile.update({ displayName: 'X' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await avatarUpload(viewer.token)).statusCode).toBe(403);
  });
});
