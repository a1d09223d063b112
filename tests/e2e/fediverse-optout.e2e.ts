import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { updateSettings } from '@server/domains/federation/federation.service';
import { login, newPage, seededLogins, useBrowserApp, type RunningApp } from './harness';

const { mara } = seededLogins;
const box = 'Post to the Fediverse';

const eventNamed = (running: RunningApp, name: string) => firstRow(running.app.services.db.select().from(events).where(eq(events.name, name)));

/** Opens the "New event" dialog once the creator's Fediverse settings have answered (so a missing box is final). */
async function openNewEventDialog(page: Page) {
  await page.goto('/apps/calendar');
  await page.getByRole('heading', { name: 'Calendar' }).waitFor();
  const settingsAnswered = page.waitForResponse((response) => response.url().includes('federation.settings'));
  await page.getByRole('button', { name: 'New event' }).click();
  await settingsAnswered;
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Event name').waitFor();
  return dialog;
}

/** A TBA event made in the dialog, to be found again in the "To be announced" list. */
async function createTbaEvent(page: Page, name: string, untick: boolean): Promise<void> {
  const dialog = await openNewEventDialog(page);
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByRole('switch', { name: /TBA/ }).click();
  if (untick) {
    const checkbox = dialog.getByRole('checkbox', { name: box });
    expect(await checkbox.isChecked()).toBe(true);
    await checkbox.uncheck();
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Event created').waitFor();
}

async function openTbaEvent(page: Page, name: string) {
  await page.getByRole('region', { name: 'To be announced' }).getByRole('button', { name: new RegExp(name) }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await dialog.getByLabel('Event name').waitFor();
  return dialog;
}

describe('"Post to the Fediverse" in the event dialog (federation on)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' }, { federating: true });

  it('the creator unticks the box, saves, reopens the event and finds it unticked; ticking it again is saved too', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await createTbaEvent(page, 'Offline listening party', true);
      expect((await eventNamed(fixture.running, 'Offline listening party'))?.fediverse).toBe(false);

      await page.reload();
      const edit = await openTbaEvent(page, 'Offline listening party');
      const checkbox = edit.getByRole('checkbox', { name: box });
      expect(await checkbox.isChecked()).toBe(false);
      await checkbox.check();
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event saved').waitFor();
      expect((await eventNamed(fixture.running, 'Offline listening party'))?.fediverse).toBe(true);
      expect(await (await openTbaEvent(page, 'Offline listening party')).getByRole('checkbox', { name: box }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('with "Publish to the Fediverse" off the box is gone, and saving an event leaves its stored choice as it is', async () => {
    const maraId = (await firstRow(fixture.running.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, mara.email))))!.id;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await createTbaEvent(page, 'Kept private set', true);
      await updateSettings(fixture.running.app.services, maraId, { publish: false });

      const dialog = await openNewEventDialog(page);
      expect(await dialog.getByRole('checkbox', { name: box }).count()).toBe(0);
      await page.keyboard.press('Escape');
      const edit = await openTbaEvent(page, 'Kept private set');
      await edit.getByLabel('Event name').fill('Kept private set II');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event saved').waitFor();
      expect(await edit.getByRole('checkbox', { name: box }).count()).toBe(0);
      expect((await eventNamed(fixture.running, 'Kept private set II'))?.fediverse).toBe(false);
    } finally {
      await updateSettings(fixture.running.app.services, maraId, { publish: true });
      await context.close();
    }
  });
});

describe('"Post to the Fediverse" in the event dialog (federation off)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  it('the box is absent and a new event is stored with the default', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      const dialog = await openNewEventDialog(page);
      await dialog.getByRole('switch', { name: 'Active' }).waitFor();
      expect(await dialog.getByRole('checkbox', { name: box }).count()).toBe(0);
      expect(await dialog.getByText(box).count()).toBe(0);
      await dialog.getByLabel('Event name').fill('Unfederated night');
      await dialog.getByRole('switch', { name: /TBA/ }).click();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Event created').waitFor();
      expect((await eventNamed(fixture.running, 'Unfederated night'))?.fediverse).toBe(true);
    } finally {
      await context.close();
    }
  });
});
