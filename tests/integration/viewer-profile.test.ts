import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { profilePhotoMessage } from '@server/platform/uploads';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers/app';
import { makePng, multipart } from '../helpers/images';

describe('POST /api/user/:id (viewer profile, multipart)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const uploads = () => readdirSync(join(t.dataDir, 'uploads')).filter((name) => !name.startsWith('.'));

  it('updates names and stores a square photo served with its content type', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const body = multipart(
      { id: viewer.id, email: viewer.email, firstName: 'Ana', lastName: 'Lee', imageUrl: '', isActive: 'true', subdomain: '' },
      { imageFile: { filename: 'me.png', contentType: 'image/png', content: makePng(120, 120) } },
    );
    const response = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: body.payload, headers: { ...body.headers, ...bearer(viewer.token) } });
    expect(response.statusCode).toBe(200);
    const user = response.json().user;
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Lee', displayName: 'Ana Lee' });
    expect(user.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
    expect((await firstRow(t.app.services.db.select().from(users).where(eq(users.id, viewer.id))))?.imageUrl).toBe(user.imageUrl);
    const served = await t.app.inject({ method: 'GET', url: user.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a photo that is not square or out of range, keeping nothing', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    for (const [width, height] of [[120, 100], [40, 40], [300, 300]] as const) {
      const body = multipart({ id: viewer.id, firstName: 'Ana', lastName: 'Lee' }, { imageFile: { filename: 'me.png', contentType: 'image/png', content: makePng(width, height) } });
      const response = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: body.payload, headers: { ...body.headers, ...bearer(viewer.token) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: profilePhotoMessage, errors: { imageFile: profilePhotoMessage } });
    }
    expect(uploads()).toEqual([]);
    expect((await firstRow(t.app.services.db.select().from(users).where(eq(users.id, viewer.id))))?.firstName).toBe('Test');
  });

  it('refuses a file whose bytes are not an image, whatever its name says', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const body = multipart({ id: viewer.id, firstName: 'Ana', lastName: 'Lee' }, { imageFile: { filename: 'me.png', contentType: 'image/png', content: Buffer.from('<script>alert(1)</script>') } });
    const response = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: body.payload, headers: { ...body.headers, ...bearer(viewer.token) } });
    expect(response.statusCode).toBe(400);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('answers 401 without a token, 403 for someone else, 415 for JSON', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const other = await createUser(t.app, { role: 'viewer' });
    const body = multipart({ id: viewer.id, firstName: 'Ana', lastName: 'Lee' });
    expect((await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: body.payload, headers: { ...body.headers, ...bearer(other.token) } });
    expect(forbidden.statusCode).toBe(403);
    const json = await t.app.inject({ method: 'POST', url: `/api/user/${viewer.id}`, payload: { firstName: 'A' }, headers: bearer(viewer.token) });
    expect(json.statusCode).toBe(415);
  });
});
