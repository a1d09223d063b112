import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { firstRow } from '@db/store';

describe('users procedures by role (createCaller)', () => {
  let t: TestApp;
  let admin: TestUser;
  let dj: TestUser;
  let viewer: TestUser;
  let pending: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
    dj = await createUser(t.app, { role: 'dj' });
    viewer = await createUser(t.app, { role: 'viewer' });
    pending = await createUser(t.app, { role: 'dj', isActive: false });
  });
  afterAll(async () => t.close());

  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'OK';
    } catch (error) {
      return error instanceof TRPCError ? error.code : String(error);
    }
  };

  it('alive: every signed-in role, not guests', async () => {
    expect(await codeOf((await callerAs(t.app, admin.token)).users.alive())).toBe('OK');
    expect(await codeOf((await callerAs(t.app, dj.token)).users.alive())).toBe('OK');
    expect(await codeOf((await callerAs(t.app, viewer.token)).users.alive())).toBe('OK');
    expect(await codeOf((await callerAs(t.app)).users.alive())).toBe('UNAUTHORIZED');
  });

  it('a token of a deactivated creator no longer works', async () => {
    expect(await codeOf((await callerAs(t.app, pending.token)).users.alive())).toBe('UNAUTHORIZED');
  });

  it('emulate: admin only', async () => {
    expect(await codeOf((await callerAs(t.app, admin.token)).users.emulate({ id: dj.id }))).toBe('OK');
    expect(await codeOf((await callerAs(t.app, dj.token)).users.emulate({ id: viewer.id }))).toBe('FORBIDDEN');
    expect(await codeOf((await callerAs(t.app, viewer.token)).users.emulate({ id: dj.id }))).toBe('FORBIDDEN');
    expect(await codeOf((await callerAs(t.app)).users.emulate({ id: dj.id }))).toBe('UNAUTHORIZED');
  });

  it('setActive: admin activates a creator, who can then sign in', async () => {
    expect(await codeOf((await callerAs(t.app, dj.token)).users.setActive({ id: pending.id, isActive: true }))).toBe('FORBIDDEN');
    const result = await (await callerAs(t.app, admin.token)).users.setActive({ id: pending.id, isActive: true });
    expect(result.user.isActive).toBe(true);
    expect((await firstRow(t.app.services.db.select().from(users).where(eq(users.id, pending.id))))?.isActive).toBe(true);
    expect(await codeOf((await callerAs(t.app, pending.token)).users.alive())).toBe('OK');
    expect(await codeOf((await callerAs(t.app, admin.token)).users.setActive({ id: 'missing', isActive: true }))).toBe('NOT_FOUND');
  });

  it('updateViewerProfile: only the viewer themself', async () => {
    const own = await (await callerAs(t.app, viewer.token)).users.updateViewerProfile({ id: viewer.id, firstName: 'Ana', lastName: 'Lee' });
    expect(own.user).toMatchObject({ firstName: 'Ana', lastName: 'Lee', displayName: 'Ana Lee' });
    expect(await codeOf((await callerAs(t.app, dj.token)).users.updateViewerProfile({ id: viewer.id, firstName: 'X', lastName: 'Y' }))).toBe('FORBIDDEN');
  });

  it('output never carries the password hash or token version', async () => {
    const session = await (await callerAs(t.app, dj.token)).users.alive();
    expect(JSON.stringify(session)).not.toMatch(/passwordHash|tokenVersion|scrypt/);
  });
});
