import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { federationFollowers } from '@db/schema/federation';
import { newId } from '@server/lib/ids';
import { createUser, testPassword } from '../helpers/app';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'horizontal scroll').toBeLessThanOrEqual(widths.client);
}

async function openFediverseFromMenu(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Fediverse', exact: true }).first().click();
  await page.waitForURL('**/apps/fediverse');
  await page.getByRole('heading', { name: 'Fediverse', level: 1 }).waitFor();
}

describe('the Fediverse in the web app (federation on)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' }, { federating: true });

  it("a creator opens Fediverse from the menu, sees the handle, switches settings that outlive a reload, adds a hashtag, blocks a follower's domain and unblocks it", async () => {
    const host = new URL(fixture.running.url).host;
    const creator = await createUser(fixture.running.app, { role: 'dj', creatorTag: 'fed_web_nova', displayName: 'Nova Fed', email: 'fed-web-nova@example.test' });
    await fixture.running.app.services.db.insert(federationFollowers).values({
      id: newId(),
      userId: creator.id,
      actorId: 'https://spam.example/users/loud',
      handle: '@loud@spam.example',
      inbox: 'https://spam.example/users/loud/inbox',
      sharedInbox: null,
      followId: 'https://spam.example/follows/1',
      status: 'accepted',
    });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, creator.email, testPassword);
      await openFediverseFromMenu(page);
      await expect.poll(() => page.getByTestId('fediverse-handle').textContent()).toBe(`@fed_web_nova@${host}`);

      const publish = page.getByRole('switch', { name: 'Publish to the Fediverse' });
      const approve = page.getByRole('switch', { name: 'Approve followers' });
      expect(await publish.getAttribute('aria-checked')).toBe('true');
      expect(await approve.getAttribute('aria-checked')).toBe('false');
      await approve.click();
      await page.getByText('New followers now wait for your approval').waitFor();
      await publish.click();
      await page.getByText('Posting to the Fediverse is off').waitFor();

      await page.getByLabel('New hashtag').fill('#deep house');
      await page.getByRole('button', { name: 'Add hashtag' }).click();
      await page.getByText('A hashtag is letters, digits and underscores').waitFor();
      await page.getByLabel('New hashtag').fill('#DeepHouse');
      await page.getByRole('button', { name: 'Add hashtag' }).click();
      await page.getByText('#DeepHouse added').waitFor();

      await page.reload();
      await page.getByTestId('fediverse-handle').waitFor();
      expect(await page.getByRole('switch', { name: 'Publish to the Fediverse' }).getAttribute('aria-checked')).toBe('false');
      expect(await page.getByRole('switch', { name: 'Approve followers' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.getByRole('list', { name: 'Hashtags' }).textContent()).toContain('#DeepHouse');

      const followers = page.getByRole('list', { name: 'Followers' });
      expect(await followers.textContent()).toContain('@loud@spam.example');
      expect(await page.getByTestId('follower-count').textContent()).toBe('1 follower');
      await page.getByRole('button', { name: 'Block the domain spam.example' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Block domain' }).click();
      await page.getByText('spam.example blocked').waitFor();
      const blocks = page.getByRole('list', { name: 'Your blocks' });
      await blocks.getByText('spam.example', { exact: true }).waitFor();
      await followers.getByText('Blocked: gets none of your posts').waitFor();

      await page.reload();
      await page.getByRole('list', { name: 'Your blocks' }).getByText('spam.example', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Unblock spam.example' }).click();
      await page.getByText('spam.example unblocked').waitFor();
      await page.getByRole('list', { name: 'Your blocks' }).waitFor({ state: 'detached' });
      await page.getByText('Nothing blocked.').waitFor();
      await page.getByRole('heading', { name: 'Recent posts' }).waitFor();
      await page.getByText('Nothing posted yet.', { exact: false }).waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(200);
      await noHorizontalScroll(page);
      await saveScreenshot(page, 'fediverse-page-390');
    } finally {
      await context.close();
    }
  });

  it('an admin blocks a domain for the whole server and unblocks it', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, seededLogins.admin.email, seededLogins.admin.password);
      await openFediverseFromMenu(page);
      await page.getByText('Your account has no creator page').waitFor();
      const form = page.getByRole('form', { name: 'Block for the whole server' });
      await form.getByLabel('Domain').fill('not a domain');
      await form.getByRole('button', { name: 'Block' }).click();
      await form.getByText('Enter a domain name such as mastodon.social').waitFor();
      await form.getByLabel('Domain').fill('Bad.Example');
      await form.getByRole('button', { name: 'Block' }).click();
      await page.getByText('bad.example blocked for the whole server').waitFor();
      await page.reload();
      await page.getByRole('list', { name: 'Server blocks' }).getByText('bad.example', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Unblock bad.example' }).click();
      await page.getByText('bad.example unblocked for the whole server').waitFor();
      await page.getByRole('list', { name: 'Server blocks' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('the creator page offers "Follow on the Fediverse": the handle from the server, and a remote follow through the visitor\'s own server', async () => {
    const host = new URL(fixture.running.url).host;
    await createUser(fixture.running.app, { role: 'dj', creatorTag: 'fed_web_page', displayName: 'Page Fed' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/c/fed_web_page');
      await page.getByRole('heading', { name: 'Page Fed', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Follow on the Fediverse' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('fediverse-handle').textContent()).toBe(`@fed_web_page@${host}`);
      await dialog.getByRole('button', { name: 'Copy handle' }).waitFor();

      await dialog.getByLabel('Or enter your own handle').fill('sam-at-nowhere');
      await dialog.getByRole('button', { name: 'Follow from my server' }).click();
      await dialog.getByText('Enter your handle as @you@your.server').waitFor();
      expect(new URL(page.url()).pathname).toBe('/c/fed_web_page');

      const visited: string[] = [];
      await context.route('https://mastodon.example/**', async (route) => {
        visited.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Remote follow</h1>' });
      });
      await dialog.getByLabel('Or enter your own handle').fill('@sam@Mastodon.Example');
      await dialog.getByRole('button', { name: 'Follow from my server' }).click();
      await page.waitForURL('https://mastodon.example/**');
      expect(visited).toEqual([`https://mastodon.example/authorize_interaction?uri=${encodeURIComponent(`@fed_web_page@${host}`)}`]);
    } finally {
      await context.close();
    }
  });
});

describe('the Fediverse in the web app (no PUBLIC_URL: federation off)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  it('the Fediverse page explains how to switch it on, and the creator page shows no Follow button', async () => {
    const creator = await createUser(fixture.running.app, { role: 'dj', creatorTag: 'fed_web_off', displayName: 'Off Fed', email: 'fed-web-off@example.test' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, creator.email, testPassword);
      await openFediverseFromMenu(page);
      const off = page.getByTestId('federation-off');
      await off.getByRole('heading', { name: 'The Fediverse is switched off on this server' }).waitFor();
      expect(await off.textContent()).toContain('PUBLIC_URL');
      expect(await off.textContent()).toContain('FEDERATION=off');
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(200);
      await noHorizontalScroll(page);

      await page.goto('/c/fed_web_off');
      await page.getByRole('heading', { name: 'Off Fed', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('button', { name: 'Follow on the Fediverse' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
