import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { users } from '@db/schema/users';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { firstRow } from '@db/store';
import { planRefusals, plansPagePath } from '@server/domains/billing/plan-access';
import { pushMessages } from '@server/domains/push/push.schemas';
import { updateSettings } from '@server/domains/settings/settings.service';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const { admin, mara } = seededLogins;

/**
 * "Every dialog that submits shows the server's refusal": each creator dialog and form is submitted once against a
 * refusing server (the real one where that is easy, "Features require a plan" on; otherwise the call answered by
 * page.route with the server's own error shape, status 403) and the refusal's text must be visible inside it.
 */

const refusalText = 'Refused by the server for this test';

/** tRPC v11's error answer for one call (no transformer), as the server sends it. */
function trpcRefusal(path: string, message: string, status: number) {
  const code = status === 403 ? 'FORBIDDEN' : status === 409 ? 'CONFLICT' : 'BAD_REQUEST';
  return { error: { message, code: status === 403 ? -32003 : -32600, data: { code, httpStatus: status, path } } };
}

/**
 * Answers the tRPC procedure `procedure` with a refusal. A batch holding other calls gets their real answers (fetched
 * from the server) and the refusal in the refused call's place.
 */
async function refuseTrpc(page: Page, procedure: string, message = refusalText, status = 403): Promise<void> {
  const callsOf = (url: URL) => (url.pathname.startsWith('/trpc/') ? decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',') : []);
  await page.route(
    (url) => callsOf(url).includes(procedure),
    async (route) => {
      const url = new URL(route.request().url());
      const calls = callsOf(url);
      const refusal = trpcRefusal(procedure, message, status);
      const batched = url.searchParams.get('batch') === '1';
      if (calls.length === 1) return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(batched ? [refusal] : refusal) });
      const real = (await (await route.fetch()).json()) as unknown[];
      return route.fulfill({ status: 207, contentType: 'application/json', body: JSON.stringify(calls.map((call, index) => (call === procedure ? refusal : real[index]))) });
    },
  );
}

/** Answers a REST call (an upload) with the server's error body `{ message }`. */
async function refuseRest(page: Page, method: string, path: RegExp, message = refusalText, status = 403): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    (route) => (route.request().method() === method ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) }) : route.fallback()),
  );
}

async function expectRefusalIn(scope: Locator, message = refusalText): Promise<void> {
  await scope.getByRole('alert').filter({ hasText: message }).first().waitFor({ timeout: 10_000 });
}

describe('no silent failures: every creator dialog shows the server’s refusal', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  async function signedIn(email: string, password: string, run: (page: Page) => Promise<void>, screenshot: string): Promise<void> {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, email, password);
      await run(page);
      await saveScreenshot(page, `no-silent-failures-${screenshot}`);
    } finally {
      await context.close();
    }
  }

  it('a new event refused by "Features require a plan" shows the 403 text in the dialog with the link to the plans', async () => {
    const { db } = fixture.running.app.services;
    const adminId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))))!.id;
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/calendar');
        await page.getByRole('heading', { name: 'Calendar' }).waitFor();
        // The setting turns on after the page loaded: the dialog learns of it from the server's refusal only.
        await updateSettings(fixture.running.app.services, adminId, { group: 'general', values: { plansRequired: true } });
        await refuseTrpc(page, 'billing.myPlanAccess', 'not asked before trying', 500);
        await page.getByRole('button', { name: 'New event' }).click();
        const dialog = page.getByRole('dialog', { name: 'New event' });
        await dialog.getByLabel('Event name').fill('Refused set');
        await dialog.getByRole('button', { name: 'Create' }).click();
        const notice = dialog.getByTestId('plan-required');
        await expect.poll(() => notice.innerText()).toContain(planRefusals.liveStream.split(' Choose')[0]);
        expect(await notice.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(plansPagePath);
      },
      'event-plan',
    ).finally(() => updateSettings(fixture.running.app.services, adminId, { group: 'general', values: { plansRequired: null } }));
  });

  it('the event dialog shows any other refusal too', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/calendar');
        await page.getByRole('heading', { name: 'Calendar' }).waitFor();
        await refuseTrpc(page, 'events.create');
        await page.getByRole('button', { name: 'New event' }).click();
        const dialog = page.getByRole('dialog', { name: 'New event' });
        await dialog.getByLabel('Event name').fill('Refused set');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await expectRefusalIn(dialog);
      },
      'event',
    );
  });

  it('the tip option dialog', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/manage-tips');
        await refuseRest(page, 'POST', /^\/api\/tips\/options/);
        await page.getByRole('button', { name: 'Add tip option' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Title').fill('Coffee');
        await dialog.getByLabel('Amount (CAD)').fill('5');
        await dialog.getByRole('button', { name: 'Add tip option' }).click();
        await expectRefusalIn(dialog);
      },
      'tip-option',
    );
  });

  it('the podcast title dialog', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/podcast-titles');
        await refuseRest(page, 'POST', /^\/api\/podcast\/titles$/);
        await page.getByRole('button', { name: 'New podcast' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Refused show');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await expectRefusalIn(dialog);
      },
      'podcast-title',
    );
  });

  it('the episode editor', async () => {
    const { db } = fixture.running.app.services;
    const maraId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, mara.email))))!.id;
    const episode = (await firstRow(
      db
        .select({ id: podcastEpisodes.id, titleId: podcastTitles.id })
        .from(podcastEpisodes)
        .innerJoin(podcastTitles, eq(podcastEpisodes.podcastTitleId, podcastTitles.id))
        .where(eq(podcastTitles.userId, maraId)),
    ))!;
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await refuseRest(page, 'POST', /^\/api\/podcast\/episodes\//);
        await page.goto(`/apps/podcast-titles/${episode.titleId}/podcast-episodes/${episode.id}`);
        const form = page.getByRole('form', { name: 'Episode' });
        await form.getByRole('button', { name: 'Save episode' }).click();
        await expectRefusalIn(form);
      },
      'episode',
    );
  });

  it('the tier form dialog', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/members');
        await refuseTrpc(page, 'memberships.createTier');
        await page.getByRole('button', { name: 'New tier' }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('Backstage');
        await dialog.getByLabel('Monthly price (CAD)').fill('5');
        await dialog.getByRole('button', { name: 'Create tier' }).click();
        await expectRefusalIn(dialog);
      },
      'tier',
    );
  });

  it('the push notification compose form', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        // The page believes sending is allowed (its overview patched to canSend), so the server's own refusal answers.
        await page.route(
          (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('push.overview'),
          async (route) => {
            const url = new URL(route.request().url());
            const calls = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
            const real = await route.fetch();
            const body = (await real.json()) as Array<{ result?: { data: { canSend: boolean } } }> | { result?: { data: { canSend: boolean } } };
            for (const [index, answer] of (Array.isArray(body) ? body : [body]).entries()) {
              if (calls[index] === 'push.overview' && answer.result) answer.result.data.canSend = true;
            }
            await route.fulfill({ response: real, body: JSON.stringify(body) });
          },
        );
        await page.goto('/apps/push-notifications');
        const form = page.getByRole('form', { name: 'New notification' });
        await form.getByLabel('Title').fill('Tonight');
        await form.getByLabel('Message').fill('We go live at nine');
        await form.getByRole('button', { name: /^Send to/ }).click();
        await expectRefusalIn(form, pushMessages.notPermitted);
      },
      'push',
    );
  });

  it('the API token form', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/developer/api-tokens');
        await refuseTrpc(page, 'apiTokens.create');
        const form = page.getByRole('form', { name: 'New token' });
        await form.getByLabel('Name').fill('Script');
        await form.getByRole('button', { name: 'Create token' }).click();
        await expectRefusalIn(form);
      },
      'api-token',
    );
  });

  it('the mobile app settings', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/apps/mobile-app');
        const form = page.getByRole('form', { name: 'App settings' });
        await form.waitFor();
        await refuseTrpc(page, 'mobileApp.update');
        await form.getByLabel('App name').fill('Mara Live');
        await form.getByRole('button', { name: 'Save' }).click();
        await expectRefusalIn(form);
      },
      'mobile-app',
    );
  });

  it('the profile’s About form and the change-password form', async () => {
    await signedIn(
      mara.email,
      mara.password,
      async (page) => {
        await page.goto('/profile/me/about');
        const about = page.getByRole('form', { name: 'About' });
        await about.waitFor();
        await refuseTrpc(page, 'profile.update');
        await about.getByLabel('Display name').fill('Mara Q');
        await about.getByRole('button', { name: 'Save profile' }).click();
        await expectRefusalIn(about);

        await page.goto('/apps/users/me/change-password');
        const password = page.getByRole('form', { name: 'Change password' });
        await refuseTrpc(page, 'users.changePassword', 'Too many attempts. Try again later.', 429);
        await password.getByLabel('Current password').fill(mara.password);
        await password.getByLabel('New password', { exact: true }).fill('a-new-password-1');
        await password.getByLabel('Confirm new password').fill('a-new-password-1');
        await password.getByRole('button', { name: 'Change password' }).click();
        await expectRefusalIn(password, 'Too many attempts. Try again later.');
      },
      'profile',
    );
  });

  it('the admin’s settings, plan features and terms upload forms', async () => {
    await signedIn(
      admin.email,
      admin.password,
      async (page) => {
        await page.goto('/apps/settings/plans');
        const live = page.getByRole('form', { name: 'Live Stream includes' });
        await live.waitFor();
        await refuseTrpc(page, 'billing.updateFeatures');
        await live.getByRole('button', { name: 'Save' }).click();
        await expectRefusalIn(live);

        await page.goto('/apps/settings');
        const general = page.getByRole('form').first();
        await general.waitFor();
        await refuseTrpc(page, 'settings.update');
        const box = general.getByRole('textbox').first();
        await box.fill(`${await box.inputValue()} x`);
        await general.getByRole('button', { name: /^Save/ }).click();
        await expectRefusalIn(general);

        await page.goto('/apps/terms-and-conditions');
        await refuseRest(page, 'POST', /^\/api\/terms/);
        await page.getByLabel('PDF file').setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
        await page.getByRole('button', { name: 'Upload PDF' }).click();
        await expectRefusalIn(page.getByRole('region', { name: 'Upload a new version' }));
      },
      'admin-forms',
    );
  });
});
