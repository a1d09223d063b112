import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { events } from '@db/schema/events';
import { membershipTierEvents, membershipTiers, membershipTierTitles, memberships } from '@db/schema/memberships';
import { podcastTitles } from '@db/schema/podcasts';
import { pushNotifications } from '@db/schema/push';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { membershipMessages } from '@server/domains/memberships/memberships.schemas';
import { createContext } from '@server/trpc/context';
import { createCaller } from '@server/trpc/root';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

const viewerEmail = 'viewer@cuepoint.local';
const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000', PAYMENT_RATE_LIMIT: '1000' });

async function userRow(running: RunningApp, email: string) {
  return (await firstRow(running.app.services.db.select().from(users).where(eq(users.email, email))))!;
}

/** A viewer joins the tier through the API and pays the first month with the local provider's test card. */
async function joinAsViewer(running: RunningApp, tierId: string): Promise<string> {
  const viewer = await userRow(running, viewerEmail);
  const token = await running.app.services.tokens.issue({ userId: viewer.id, role: 'viewer', typ: 'viewer', tokenVersion: viewer.tokenVersion });
  const caller = createCaller(await createContext(running.app.services, { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }));
  const answer = await caller.memberships.join({ tierId });
  const confirmed = await running.app.inject({
    method: 'POST',
    url: '/api/payment/local/confirm',
    payload: { clientSecret: answer.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Sam Lindqvist' },
    remoteAddress: '10.88.0.1',
  });
  expect(confirmed.json()).toEqual({ status: 'succeeded' });
  await expect.poll(async () => (await firstRow(running.app.services.db.select().from(memberships).where(eq(memberships.id, answer.membershipId))))?.status).toBe('active');
  return answer.membershipId;
}

const axeUrl = '/__axe-core/axe.min.js';

/** axe-core's serious and critical WCAG 2.2 A/AA findings on the page as it is now (as tests/e2e/accessibility.e2e.ts runs it). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.context().route(`**${axeUrl}`, (route) => route.fulfill({ path: join(process.cwd(), 'node_modules/axe-core/axe.min.js'), contentType: 'text/javascript' }));
    await page.addScriptTag({ url: axeUrl });
  }
  await page.waitForTimeout(400);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return violations.filter((item) => item.impact === 'serious' || item.impact === 'critical').map((item) => `${item.id}: ${item.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`);
  });
}

async function openMembersApp(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Members', exact: true }).first().click();
  await page.waitForURL('**/apps/members');
  await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
}

describe('the creator\'s Members app', () => {
  it('creates a tier with perks, sees a member, changes the price, exports the members and archives the tier', async () => {
    const { db } = fixture.running.app.services;
    const mara = await userRow(fixture.running, seededLogins.mara.email);
    const premium = (await firstRow(db.select().from(events).where(and(eq(events.userId, mara.id), eq(events.isPremium, true)))))!;
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, mara.id))))!;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, seededLogins.mara.password);
      await openMembersApp(page);
      await page.getByRole('heading', { name: 'No membership tiers yet' }).waitFor();
      await page.getByRole('heading', { name: 'No members yet' }).waitFor();

      await page.getByRole('button', { name: 'New tier' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tier' });
      // Nothing typed: the server's own rules answer at the fields.
      await dialog.getByRole('button', { name: 'Create tier' }).click();
      await dialog.getByText(membershipMessages.nameRequired).waitFor();
      await dialog.getByText(membershipMessages.priceRange).waitFor();
      await dialog.getByLabel('Name').fill('Backstage');
      await dialog.getByLabel('Monthly price (CAD)').fill('4.999');
      await dialog.getByRole('button', { name: 'Create tier' }).click();
      await dialog.getByText(membershipMessages.priceDecimals).waitFor();
      await dialog.getByLabel('Monthly price (CAD)').fill('5');
      await dialog.getByLabel('Description').fill('Every premium set, the replays and the private feed.');
      await dialog.getByLabel('Only the events I choose').check();
      await dialog.getByRole('group', { name: 'Chosen premium events' }).getByLabel(premium.name).check();
      await dialog.getByRole('group', { name: 'Members-only podcasts' }).getByLabel(title.name).check();
      expect(await dialog.getByRole('switch', { name: /Replays included/ }).getAttribute('aria-checked')).toBe('true');
      expect(await dialog.getByRole('switch', { name: /Member badge in chat/ }).getAttribute('aria-checked')).toBe('true');
      await saveScreenshot(page, 'members-tier-dialog');
      expect(await seriousViolations(page)).toEqual([]);

      // The event stops being premium while the dialog is open: the server's refusal shows at the events.
      await db.update(events).set({ isPremium: false }).where(eq(events.id, premium.id));
      await dialog.getByRole('button', { name: 'Create tier' }).click();
      await dialog.getByRole('group', { name: 'Chosen premium events' }).getByRole('alert').getByText(membershipMessages.notPremiumEvent).waitFor();
      await db.update(events).set({ isPremium: true }).where(eq(events.id, premium.id));
      await dialog.getByRole('button', { name: 'Create tier' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Tier created').waitFor();

      const card = page.getByRole('listitem', { name: 'Backstage' });
      expect(await card.getByTestId('tier-price').textContent()).toBe('$5.00');
      const perks = card.getByRole('list', { name: 'Perks of Backstage' });
      await perks.getByText(`Premium events: ${premium.name}`).waitFor();
      await perks.getByText('Replays', { exact: true }).waitFor();
      await perks.getByText(`Private podcast feeds: ${title.name}`).waitFor();
      await perks.getByText('Member badge in chat').waitFor();
      const tier = (await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.creatorId, mara.id))))!;
      expect(tier).toMatchObject({ name: 'Backstage', priceCents: 500, includesAllPremiumEvents: false, includesReplays: true, chatBadge: true, archivedAt: null });
      expect((await db.select().from(membershipTierEvents).where(eq(membershipTierEvents.tierId, tier.id))).map((row) => row.eventId)).toEqual([premium.id]);
      expect((await db.select().from(membershipTierTitles).where(eq(membershipTierTitles.tierId, tier.id))).map((row) => row.podcastTitleId)).toEqual([title.id]);

      // A viewer joins at $5.00; the page shows them and the figures.
      const membershipId = await joinAsViewer(fixture.running, tier.id);
      const membership = (await firstRow(db.select().from(memberships).where(eq(memberships.id, membershipId))))!;
      await page.reload();
      await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
      const table = page.getByRole('region', { name: 'Members list' }).getByRole('table');
      const row = table.getByRole('row', { name: /Sam Lindqvist/ });
      await row.waitFor();
      for (const cell of [viewerEmail, 'Backstage', 'Active', '$5.00']) await row.getByRole('cell', { name: cell, exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('1');
      expect(await page.getByTestId('mrr').textContent()).toBe('$5.00');
      expect(await page.getByTestId('churn').textContent()).toBe('0%');
      expect(await page.getByRole('table', { name: 'Members per tier' }).getByRole('row', { name: /Backstage/ }).textContent()).toContain('1$5.00');
      await saveScreenshot(page, 'members-app');
      expect(await seriousViolations(page)).toEqual([]);

      // The price changes for new members only, as the dialog says.
      await card.getByRole('button', { name: 'Edit Backstage' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit tier: Backstage' });
      const note = edit.getByTestId('price-change-note');
      await note.getByText('A new price applies to members who join from now on. Existing members keep the price they joined at.', { exact: false }).waitFor();
      expect(await edit.getByLabel('Monthly price (CAD)').inputValue()).toBe('5.00');
      await edit.getByLabel('Monthly price (CAD)').fill('7.50');
      await note.getByText('Your current member keeps paying what they pay now. New members will pay $7.50 a month.', { exact: false }).waitFor();
      await edit.getByRole('button', { name: 'Save tier' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => card.getByTestId('tier-price').textContent()).toBe('$7.50');
      expect((await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, tier.id))))?.priceCents).toBe(750);
      await row.getByRole('cell', { name: '$5.00', exact: true }).waitFor();

      // The CSV export holds what the table shows, filtered by tier.
      await page.getByLabel('Tier', { exact: true }).selectOption(tier.id);
      await row.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const today = new Date().toISOString().slice(0, 10);
      expect(download.suggestedFilename()).toBe(`members-backstage-${today}.csv`);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toBe(
        [
          '\uFEFFName,Email,Tier,Status,Member since (UTC),Monthly price (CAD),Paid until (UTC)',
          `Sam Lindqvist,${viewerEmail},Backstage,Active,${membership.activatedAt!.slice(0, 10)},5.00,${membership.currentPeriodEnd!.slice(0, 10)}`,
          '',
        ].join('\r\n'),
      );

      // Archiving asks first; the member stays.
      await card.getByRole('button', { name: 'Archive Backstage' }).click();
      const confirm = page.getByRole('dialog', { name: 'Archive Backstage?' });
      await confirm.getByText('Its 1 member keeps their membership', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Archive tier' }).click();
      await confirm.waitFor({ state: 'detached' });
      await card.getByText('Archived', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Archive Backstage' }).count()).toBe(0);
      expect((await firstRow(db.select().from(membershipTiers).where(eq(membershipTiers.id, tier.id))))?.archivedAt).toBeTruthy();
      await row.waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'members-app-390');
    } finally {
      await context.close();
    }
  });

  it('marks a podcast title members-only from its edit dialog', async () => {
    const { db } = fixture.running.app.services;
    const mara = await userRow(fixture.running, seededLogins.mara.email);
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, mara.id))))!;
    expect((await fetch(`${fixture.running.url}/feeds/${title.id}.xml`)).status).toBe(200);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, seededLogins.mara.password);
      await page.goto('/apps/podcast-titles');
      await page.getByRole('button', { name: `Edit ${title.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit podcast' });
      const members = dialog.getByRole('switch', { name: /Members only/ });
      await dialog.getByText('The podcast leaves your public feed and listings.', { exact: false }).waitFor();
      expect(await members.getAttribute('aria-checked')).toBe('false');
      await members.click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Podcast saved').waitFor();
      expect((await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.id, title.id))))?.membersOnly).toBe(true);
      // It left the public feed.
      expect((await fetch(`${fixture.running.url}/feeds/${title.id}.xml`)).status).toBe(404);

      await page.getByRole('button', { name: `Edit ${title.name}` }).click();
      expect(await page.getByRole('dialog', { name: 'Edit podcast' }).getByRole('switch', { name: /Members only/ }).getAttribute('aria-checked')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('composes a members-only push notification', async () => {
    const { db } = fixture.running.app.services;
    const mara = await userRow(fixture.running, seededLogins.mara.email);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      // Mara has no plan that sends notifications; an admin sends for her.
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await page.goto('/apps/push-notifications');
      await page.getByRole('heading', { name: 'Push Notifications' }).waitFor();
      await page.getByLabel('Send for').selectOption(mara.id);
      await page.getByLabel('Title').fill('Members: early set');
      await page.getByLabel('Message').fill('The sunrise set starts an hour early for you.');
      await page.getByRole('group', { name: 'Send to' }).getByLabel(/Members only/).check();
      await page.getByText('Only your current members who turned on notifications while signed in get this one.').waitFor();
      const [request] = await Promise.all([
        page.waitForRequest((candidate) => candidate.url().includes('push.send') && candidate.method() === 'POST'),
        page.getByRole('button', { name: /Send to 0 subscribers/ }).click(),
      ]);
      expect(JSON.stringify(request.postDataJSON())).toContain('"audience":"members"');
      await page.getByRole('cell', { name: /Members: early set/ }).waitFor();
      const sent = await firstRow(db.select().from(pushNotifications).where(eq(pushNotifications.title, 'Members: early set')));
      expect(sent).toMatchObject({ creatorId: mara.id, audience: 'members' });
      // The form starts again at everyone.
      expect(await page.getByRole('group', { name: 'Send to' }).getByLabel(/All subscribers/).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
