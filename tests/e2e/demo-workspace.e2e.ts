import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createUser, testPassword } from '../helpers/app';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const { admin } = seededLogins;

/** The workspace sample apps (issue 14) with their routes. */
const screens = [
  { name: 'academy', path: '/apps/academy' },
  { name: 'analytics', path: '/apps/dashboards/analytics' },
  { name: 'project-dashboard', path: '/apps/dashboards/project' },
  { name: 'mail', path: '/apps/mail' },
  { name: 'notes', path: '/apps/notes' },
  { name: 'todo', path: '/apps/todo' },
  { name: 'scrumboard', path: '/apps/scrumboard' },
  { name: 'contacts', path: '/apps/contacts' },
  { name: 'chat', path: '/apps/chat' },
] as const;

describe('web app: workspace sample apps as admin', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });
  let context: BrowserContext;
  let page: Page;

  // A fresh signed-in page per test, so one failure cannot leave the next test on a broken page.
  beforeEach(async () => {
    ({ context, page } = await newPage(fixture.browser, fixture.running.url));
    await login(page, admin.email, admin.password);
  });
  afterEach(async () => {
    await context?.close();
  });

  async function visit(path: string) {
    await page.goto(path);
    await page.getByTestId('sample-app').first().waitFor();
  }

  /** Waits for a success toast with this text. */
  async function toast(text: string | RegExp) {
    await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  }

  it('renders the seeded data of every screen', async () => {
    await visit('/apps/academy');
    await page.getByRole('list', { name: 'Courses' }).getByRole('listitem').nth(5).waitFor();
    await expect(page.getByText('Accessible Forms From Scratch').isVisible()).resolves.toBe(true);

    await visit('/apps/dashboards/analytics');
    await page.getByRole('region', { name: 'Top campaigns' }).getByText('Spring Sessions').waitFor();
    for (const title of ['Visitors', 'Conversion', 'Impressions', 'Visits', 'Visitors vs Page Views', 'Visitors by location', 'Sessions by device', 'Acquisition channels']) {
      await page.getByRole('region', { name: title, exact: true }).waitFor();
    }
    // The visitors chart labels its points in thousands.
    await page.getByRole('region', { name: 'Visitors', exact: true }).locator('.recharts-label-list text').filter({ hasText: /^\d+\.\dk$/ }).first().waitFor();

    await visit('/apps/dashboards/project');
    await page.getByRole('region', { name: 'Due Tasks' }).waitFor();
    await page.getByRole('region', { name: 'Weather' }).waitFor();
    await page.getByRole('button', { name: 'Switch project' }).click();
    await page.getByRole('menuitem', { name: 'Stream Ingest' }).click();
    await expect(page.getByRole('button', { name: 'Switch project' }).textContent()).resolves.toContain('Stream Ingest');
    await page.getByRole('tab', { name: 'Budget' }).click();
    await page.getByRole('cell', { name: 'Wireframing' }).waitFor();

    await visit('/apps/mail');
    await page.getByTestId('mail-row').nth(0).waitFor();

    await visit('/apps/notes');
    await page.getByRole('list', { name: 'Notes' }).getByRole('listitem').nth(0).waitFor();

    await visit('/apps/todo');
    await page.getByTestId('todo-row').nth(0).waitFor();

    await visit('/apps/scrumboard');
    await page.getByRole('link', { name: 'Studio Website Relaunch' }).waitFor();

    await visit('/apps/contacts');
    await page.getByTestId('contact-row').nth(0).waitFor();

    await visit('/apps/chat');
    await page.getByRole('list', { name: 'Chats' }).first().waitFor();

    await page.getByRole('button', { name: 'Open quick panel' }).click();
    const panel = page.getByRole('dialog', { name: 'Quick panel' });
    await panel.getByRole('tab', { name: 'Notes' }).waitFor();
    await panel.locator('li').nth(0).waitFor();
    await panel.getByRole('tab', { name: 'Events' }).click();
    await panel.getByRole('tabpanel').locator('li').nth(0).waitFor();
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'demo-workspace-chat');
  });

  it('academy: moving to the next step is saved', async () => {
    await visit('/apps/academy');
    await page.getByRole('list', { name: 'Courses' }).getByRole('listitem').first().getByRole('link').click();
    const stepLine = page.getByText(/^Step \d+ of \d+$/).first();
    await stepLine.waitFor();
    const before = Number(/Step (\d+)/.exec((await stepLine.textContent()) ?? '')![1]);
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    const target = (await next.isVisible()) ? before + 1 : before - 1;
    await ((await next.isVisible()) ? next : previous).click();
    await toast('Progress saved');
    await page.reload();
    await page.getByText(`Step ${target} of`).first().waitFor();
  });

  it('notes: create, edit and delete persist across a reload', async () => {
    await visit('/apps/notes');
    await page.getByRole('button', { name: 'New note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await dialog.getByLabel('Title').fill('E2E grocery list');
    await dialog.getByLabel('Note', { exact: true }).fill('Milk and bread');
    await dialog.getByLabel('New checklist item').fill('Eggs');
    await dialog.getByRole('button', { name: 'Add checklist item' }).click();
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await toast('Note added');
    await page.reload();
    const card = page.getByRole('button', { name: 'Open note E2E grocery list' });
    await card.waitFor();
    // New notes go to the top.
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem').first().textContent()).resolves.toContain('E2E grocery list');

    await card.click();
    const edit = page.getByRole('dialog', { name: 'Edit note' });
    await edit.getByLabel('Title').fill('E2E shopping list');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Note saved');
    await page.reload();
    await page.getByRole('button', { name: 'Open note E2E shopping list' }).click();
    await page.getByRole('dialog', { name: 'Edit note' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Note deleted');
    await page.reload();
    await page.getByRole('list', { name: 'Notes' }).waitFor();
    await expect(page.getByRole('button', { name: 'Open note E2E shopping list' }).count()).resolves.toBe(0);
  });

  it('to-do: create, edit and delete persist across a reload', async () => {
    await visit('/apps/todo');
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog.getByText('Please enter a title').waitFor();
    await dialog.getByLabel('Title').fill('E2E write the release notes');
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await toast('Task added');
    await page.reload();
    const row = page.getByTestId('todo-row').filter({ hasText: 'E2E write the release notes' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Star E2E write the release notes' }).click();
    await toast('Task saved');
    await page.reload();
    await page.getByRole('button', { name: 'Unstar E2E write the release notes' }).waitFor();

    await page.getByRole('button', { name: 'Open E2E write the release notes' }).click();
    await page.getByRole('dialog', { name: 'Edit task' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Task moved to Deleted');
    await page.reload();
    await page.getByTestId('todo-row').first().waitFor();
    await expect(page.getByTestId('todo-row').filter({ hasText: 'E2E write the release notes' }).count()).resolves.toBe(0);
    await page.goto('/apps/todo?filter=deleted');
    await page.getByTestId('todo-row').filter({ hasText: 'E2E write the release notes' }).waitFor();
  });

  it('contacts: create, edit and delete persist across a reload', async () => {
    await visit('/apps/contacts');
    await page.getByRole('button', { name: 'New contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill('Zelda');
    await dialog.getByLabel('Last name').fill('Tester');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await dialog.getByText('Please enter a valid email').waitFor();
    await dialog.getByLabel('Email').fill('zelda@example.com');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await toast('Contact added');
    await page.reload();
    await page.getByRole('button', { name: 'Open Zelda Tester' }).click();
    const edit = page.getByRole('dialog', { name: 'Zelda Tester' });
    await edit.getByLabel('Company').fill('Cuepoint QA');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Contact saved');
    await page.reload();
    await page.getByRole('button', { name: 'Open Zelda Tester' }).click();
    await expect(page.getByRole('dialog', { name: 'Zelda Tester' }).getByLabel('Company').inputValue()).resolves.toBe('Cuepoint QA');
    await page.getByRole('dialog', { name: 'Zelda Tester' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this contact?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Contact deleted');
    await page.reload();
    await page.getByTestId('contact-row').first().waitFor();
    await expect(page.getByRole('button', { name: 'Open Zelda Tester' }).count()).resolves.toBe(0);
  });

  it('mail: label toggle and delete persist across a reload', async () => {
    await visit('/apps/mail');
    const first = page.getByTestId('mail-row').first();
    await first.waitFor();
    const subject = (await first.getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Select /, '');
    await first.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Toggle label' }).click();
    await page.getByRole('menuitem', { name: 'Amazon' }).click();
    await toast(/Label Amazon toggled/);
    // A full page load: the label must come from the server.
    await page.goto('/apps/mail?label=amazon');
    const labelled = page.getByTestId('mail-row').filter({ hasText: subject });
    await labelled.waitFor();

    await labelled.getByRole('button', { name: new RegExp(`^Open .*${subject}`) }).click();
    await page.getByRole('article', { name: 'Mail' }).getByRole('heading', { name: subject }).waitFor();
    await page.getByRole('button', { name: 'Delete mail' }).click();
    await page.getByRole('dialog', { name: 'Delete this mail?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('1 mail deleted');
    await page.goto('/apps/mail?label=amazon');
    await page.getByRole('list', { name: 'Mails' }).or(page.getByText('There are no messages here')).waitFor();
    await expect(page.getByTestId('mail-row').filter({ hasText: subject }).count()).resolves.toBe(0);
  });

  it('chat: a sent message and a status change persist across a reload', async () => {
    await visit('/apps/chat');
    await page.getByRole('list', { name: 'Chats' }).getByRole('button').first().click();
    await page.getByLabel('Message', { exact: true }).fill('Hello from the browser test');
    await page.getByRole('button', { name: 'Send message' }).click();
    await toast('Message sent');
    await page.reload();
    await page.getByRole('list', { name: 'Messages' }).getByText('Hello from the browser test').waitFor();

    await page.getByRole('button', { name: 'Your status' }).click();
    await page.getByRole('menuitemradio', { name: 'Away' }).click();
    await toast('Status: Away');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Your status' }).textContent()).resolves.toContain('Away');
  });

  it('scrumboard: board, list and card lifecycle, and a dragged card stays after a reload', async () => {
    await visit('/apps/scrumboard');
    await page.getByRole('link', { name: 'Studio Website Relaunch' }).click();
    await page.getByTestId('board-list').first().waitFor();
    const lists = page.getByTestId('board-list');
    const source = lists.nth(0);
    const target = lists.nth(1);
    const card = source.getByTestId('board-card').first();
    const cardName = (await card.locator('span.block').first().textContent())!;
    const targetCountBefore = await target.getByTestId('board-card').count();
    const from = (await card.boundingBox())!;
    const to = (await target.getByRole('list').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 20 });
    await page.mouse.up();
    await toast('Card moved');
    await page.reload();
    await page.getByTestId('board-list').first().waitFor();
    await target.getByTestId('board-card').filter({ hasText: cardName }).waitFor();
    await expect(target.getByTestId('board-card').count()).resolves.toBe(targetCountBefore + 1);
    await expect(source.getByTestId('board-card').filter({ hasText: cardName }).count()).resolves.toBe(0);

    await page.goto('/apps/scrumboard');
    await page.getByRole('button', { name: 'New board', exact: true }).click();
    await page.getByRole('dialog', { name: 'New board' }).getByLabel('Board name').fill('E2E Launch Plan');
    await page.getByRole('button', { name: 'Create board' }).click();
    await toast('Board "E2E Launch Plan" created');
    await page.waitForURL(/\/apps\/scrumboard\/boards\//);
    await page.getByRole('button', { name: 'Add a list' }).click();
    await page.getByLabel('List title').fill('Ideas');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast('List added');
    const ideas = page.getByTestId('board-list').filter({ has: page.getByRole('textbox', { name: 'List name' }) }).first();
    await ideas.getByRole('button', { name: 'Add a card' }).click();
    await ideas.getByLabel('Card title').fill('Write the teaser');
    await ideas.getByRole('button', { name: 'Add', exact: true }).click();
    await toast('Card added');
    await page.getByRole('button', { name: 'E2E Launch Plan' }).click();
    await page.getByLabel('Board name').fill('E2E Launch Plan v2');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast('Board renamed');
    await page.reload();
    await page.getByRole('button', { name: 'E2E Launch Plan v2' }).waitFor();
    await page.getByTestId('board-card').filter({ hasText: 'Write the teaser' }).click();
    const cardDialog = page.getByRole('dialog');
    await cardDialog.getByLabel('New checklist name').fill('Steps');
    await cardDialog.getByRole('button', { name: 'Checklist' }).click();
    await toast('Card saved');
    await cardDialog.getByLabel('Write a comment').fill('Looks good');
    await cardDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await cardDialog.getByText('Looks good').waitFor();
    await cardDialog.getByRole('button', { name: 'Delete card' }).click();
    await page.getByRole('dialog', { name: 'Delete this card?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Card deleted');
    await page.reload();
    await page.getByTestId('board-list').first().waitFor();
    await expect(page.getByTestId('board-card').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Delete board' }).click();
    await page.getByRole('dialog', { name: 'Delete this board?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Board deleted');
    await page.waitForURL((url) => url.pathname === '/apps/scrumboard');
    await page.reload();
    await page.getByRole('link', { name: 'Studio Website Relaunch' }).waitFor();
    await expect(page.getByRole('link', { name: /E2E Launch Plan/ }).count()).resolves.toBe(0);
  });

  it('global search finds a page and opens it; keyboard navigation; "No results.."', async () => {
    await page.goto('/apps/calendar');
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('combobox', { name: 'Search pages' });
    await input.fill('zzqx');
    await page.getByText('No results..').waitFor();
    await input.fill('  Scrúm ');
    await page.getByRole('option', { name: /Scrumboard/ }).waitFor();
    await input.press('ArrowDown');
    await expect(page.getByRole('option', { name: /Scrumboard/ }).getAttribute('aria-selected')).resolves.toBe('true');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/apps/scrumboard');
    await page.getByRole('link', { name: 'Studio Website Relaunch' }).waitFor();
    // Closing clears the text.
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('combobox', { name: 'Search pages' }).inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search' }).waitFor();
  });

  it('a creator has no sample apps (menu, search, routes) but keeps the global search and quick panel', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, seededLogins.mara.email, seededLogins.mara.password);
    await page.waitForURL('**/apps/calendar');
    const navbar = page.getByTestId('navbar');
    await navbar.getByRole('link', { name: 'Go live' }).waitFor();
    expect(await navbar.getByRole('button', { name: 'Sample apps' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('combobox', { name: 'Search pages' });
    await input.fill('mail');
    await page.getByText('No results..').waitFor();
    await input.fill('earn');
    await page.getByRole('option', { name: /Earnings/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open quick panel' }).waitFor();
    await page.goto('/apps/mail');
    await page.waitForURL('**/apps/calendar');
    await context.close();
  });

  it('the menu has a collapsed "Sample apps" group for an admin', async () => {
    await page.goto('/apps/calendar');
    const navbar = page.getByTestId('navbar');
    const group = navbar.getByRole('button', { name: 'Sample apps' });
    await group.waitFor();
    await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
    await group.click();
    await navbar.getByRole('link', { name: 'Scrumboard' }).click();
    await page.waitForURL((url) => url.pathname === '/apps/scrumboard');
  });

  it('has no horizontal overflow at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const screen of screens) {
        await visit(screen.path);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${screen.name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      await visit('/apps/scrumboard');
      await page.getByRole('link', { name: 'Studio Website Relaunch' }).click();
      await page.getByTestId('board-list').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      // The sidebar becomes a drawer.
      await visit('/apps/mail');
      await page.getByRole('button', { name: 'Open Mail folders, filters and labels' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sent' }).click();
      await page.waitForURL(/folder=sent/);
      await saveScreenshot(page, 'demo-workspace-mail-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('staff see the sample apps expanded (viewers cannot sign in to the app; see tests/unit/web/demo-workspace.test.ts)', async () => {
    const staff = await createUser(fixture.running.app, { role: 'staff', email: 'staff-demo@example.test', displayName: 'Sam Staff' });
    const staffPage = await newPage(fixture.browser, fixture.running.url);
    await login(staffPage.page, staff.email, testPassword);
    await staffPage.page.goto('/apps/notes');
    await staffPage.page.getByTestId('sample-app').waitFor();
    const group = staffPage.page.getByTestId('navbar').getByRole('button', { name: 'Sample apps' });
    await expect(group.getAttribute('aria-expanded')).resolves.toBe('true');
    await staffPage.page.getByRole('button', { name: 'Search' }).waitFor();
    await staffPage.context.close();

  });
});
