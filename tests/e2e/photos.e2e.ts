import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { profileMessages } from '@server/domains/profile/profile.schemas';
import { storageKeys } from '@web/lib/storage-keys';
import { createUser } from '../helpers/app';
import { newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

/** A phone photo: a noisy (so several MB) non-square JPEG of the given size. */
function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#888888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The stored image behind a public /uploads URL, as the server answers it. */
async function storedImage(running: RunningApp, url: string | null): Promise<{ width?: number; height?: number; format?: string }> {
  expect(url).toMatch(/^\/uploads\//);
  const response = await fetch(new URL(url!, running.url));
  expect(response.status).toBe(200);
  const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width, height, format };
}

describe('photos that fit: the browser crops and sizes a phone photo before upload', () => {
  const fixture = useBrowserApp();

  it('a 4032×3024 JPEG as the profile picture: uploaded as a 200 px square JPEG and accepted', async () => {
    const { app } = fixture.running;
    const mara = (await firstRow(app.services.db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const token = await app.services.tokens.issue({ userId: mara.id, role: 'dj', typ: 'user', tokenVersion: mara.tokenVersion });
    const photo = await phonePhoto(4032, 3024);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.token, token]);
      await page.goto(`/profile/${mara.id}`);
      await page.getByLabel('Profile picture', { exact: true }).setInputFiles({ name: 'IMG_0042.JPG', mimeType: 'image/jpeg', buffer: photo });
      await page.getByText(profileMessages.avatarSaved).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('alert').filter({ hasText: 'Please upload a square image' }).count()).toBe(0);
      const row = (await firstRow(app.services.db.select().from(users).where(eq(users.id, mara.id))))!;
      expect(await storedImage(fixture.running, row.imageUrl)).toEqual({ width: 200, height: 200, format: 'jpeg' });
      await saveScreenshot(page, 'profile-photo-fitted');
    } finally {
      await context.close();
    }
  });

  it('a portrait phone photo in the viewer’s My Profile: saved as a 200 px square', async () => {
    const { app } = fixture.running;
    const viewer = await createUser(app, { role: 'viewer' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, viewer.token]);
      await page.goto('/events/mara_quill');
      await page.getByRole('button', { name: /Viewer menu/ }).click({ timeout: 15_000 });
      await page.getByRole('menuitem', { name: 'My Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'My Profile' });
      await dialog.getByLabel('Change picture').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1512, 2016) });
      await dialog.getByRole('button', { name: 'Keep current picture' }).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your profile has been saved').waitFor({ timeout: 15_000 });
      const row = (await firstRow(app.services.db.select().from(users).where(eq(users.id, viewer.id))))!;
      expect(await storedImage(fixture.running, row.imageUrl)).toEqual({ width: 200, height: 200, format: 'jpeg' });
    } finally {
      await context.close();
    }
  });
});
