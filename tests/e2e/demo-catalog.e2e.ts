import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateOrders, generateProducts } from '../../seed/demo/ecommerce';
import { generateFaqs } from '../../seed/demo/faq';
import { generateFiles } from '../../seed/demo/files';
import { generateInvoice } from '../../seed/demo/invoices';
import { generateKnowledgeBase } from '../../seed/demo/knowledgebase';
import { generateAbout, generateTimeline } from '../../seed/demo/profile';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

/**
 * The catalogue sample apps (issue 14) as an admin sees them: each screen shows its seeded data; products and
 * calendar events are created, edited (and events deleted) through the UI and survive a reload; at 390 px no
 * screen scrolls sideways.
 */
describe('sample apps: catalogue screens', () => {
  const fixture = useBrowserApp();
  const products = generateProducts();
  const orders = generateOrders(products);

  async function signedIn(width = 1280): Promise<Page> {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await login(page, seededLogins.admin.email, seededLogins.admin.password);
    context.setDefaultTimeout(15_000);
    return page;
  }

  it('e-commerce: products table with search and paging, a product created and edited, persisted across a reload', async () => {
    const page = await signedIn();
    await page.goto('/apps/e-commerce/products');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    const table = page.getByRole('region', { name: 'products' });
    await table.getByText(products[0]!.name!, { exact: true }).waitFor();
    await page.getByText(`1–10 of ${products.length}`).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`11–20 of ${products.length}`).waitFor();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(products[12]!.name!);
    await table.getByText(products[12]!.name!, { exact: true }).waitFor();

    // Create.
    await page.getByRole('link', { name: 'Add new product' }).click();
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('E2E Turntable');
    await page.getByLabel('Categories').fill('Audio, Decks');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await page.getByLabel('Price excluding tax ($)').fill('200');
    await page.getByText('$220.00').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product created').waitFor();
    await page.waitForURL(/\/apps\/e-commerce\/products\/[A-Za-z0-9]+$/);
    await page.reload();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('E2E Turntable');

    // Edit.
    await page.getByLabel('Name').fill('E2E Turntable Pro');
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByLabel('Quantity').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product saved').waitFor();
    await page.reload();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('E2E Turntable Pro');
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await expect(page.getByLabel('Quantity').inputValue()).resolves.toBe('7');

    await page.goto('/apps/e-commerce/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('E2E Turntable');
    await page.getByRole('region', { name: 'products' }).getByText('E2E Turntable Pro').waitFor();
    await page.getByText('1–1 of 1').waitFor();
    await saveScreenshot(page, 'demo-catalog-products');
    await page.context().close();
  });

  it('e-commerce: a refused save keeps the form and says why', async () => {
    const page = await signedIn();
    await page.goto('/apps/e-commerce/products/new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the product name').waitFor();
    await page.getByText('Check the highlighted fields').waitFor();
    await page.context().close();
  });

  it('e-commerce: orders table and an order with status history, products and invoice', async () => {
    const page = await signedIn();
    const order = orders[0]!;
    await page.goto('/apps/e-commerce/orders');
    await page.getByRole('region', { name: 'orders' }).getByText(order.reference, { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.reference);
    await page.getByRole('row', { name: `Open order ${order.reference}` }).click();
    await page.getByRole('heading', { name: `Order ${order.reference}`, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Status history' }).getByText(order.status.at(-1)!.name).first().waitFor();
    await page.getByText(order.customer.email).waitFor();
    await page.getByText(order.payment.transactionId).waitFor();
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('region', { name: 'Ordered products' }).getByText(order.products[0]!.name).waitFor();
    await page.getByRole('tab', { name: 'Invoice' }).click();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.context().close();
  });

  it('FAQ, file manager, icons, invoice, knowledge base and profile show their seeded data', async () => {
    const page = await signedIn();
    const faq = generateFaqs()[0]!;
    await page.goto('/pages/faq');
    await page.getByText(faq.question).click();
    await page.getByText(faq.answer).waitFor();
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('zzzz-nothing');
    await page.getByText('No questions match').waitFor();

    const document = generateFiles().find((file) => file.type === 'document')!;
    await page.goto('/apps/file-manager');
    await page.getByRole('button', { name: new RegExp(document.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    const details = page.getByRole('complementary', { name: 'File details' });
    await details.getByText(document.location).waitFor();
    await details.getByText(document.modified).first().waitFor();

    await page.goto('/ui/icons');
    await page.getByText('home-outline').waitFor();
    await page.getByRole('searchbox', { name: 'Search icons' }).fill('wallet');
    await page.getByText('2 of 100 icons').waitFor();

    const invoice = generateInvoice();
    await page.goto('/pages/invoice');
    await page.getByRole('article', { name: `Invoice ${invoice.number}` }).waitFor();
    await page.getByText('$9,000.00').waitFor();
    await page.getByText(invoice.services[0]!.title).waitFor();

    const category = generateKnowledgeBase()[0]!;
    await page.goto('/pages/knowledge-base');
    await page.getByRole('heading', { name: category.title }).waitFor();
    await page.getByText(`${category.articlesCount} articles`).first().waitFor();
    await page.getByRole('button', { name: category.featuredArticles[0]!.title }).click();
    await page.getByRole('dialog', { name: category.featuredArticles[0]!.title }).waitFor();
    await page.keyboard.press('Escape');

    const timeline = generateTimeline();
    const about = generateAbout();
    await page.goto('/pages/profile');
    await page.getByRole('heading', { name: seededLogins.admin.name, level: 1 }).waitFor();
    await page.getByRole('article', { name: `Post by ${timeline.posts[0]!.user.name}` }).first().waitFor();
    await page.getByRole('tab', { name: 'Photos & Videos' }).click();
    await page.getByRole('img', { name: /.+/ }).first().waitFor();
    await page.getByRole('tab', { name: 'About' }).click();
    await page.getByText(about.work.occupation).waitFor();
    await saveScreenshot(page, 'demo-catalog-profile');
    await page.context().close();
  });

  it('sample calendar: an event created, edited and deleted through the dialog, each persisted across a reload', async () => {
    const page = await signedIn();
    await page.goto('/apps/sample-calendar');
    await page.locator('.fc').waitFor();
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await dialog.getByLabel('Title').fill('E2E Gig');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('“E2E Gig” added').waitFor();
    await page.reload();
    await page.locator('.fc-event', { hasText: 'E2E Gig' }).first().click();

    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Title').fill('E2E Gig moved');
    await edit.getByLabel('Description').fill('Bring the cables');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“E2E Gig moved” saved').waitFor();
    await page.reload();
    await page.locator('.fc-event', { hasText: 'E2E Gig moved' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Edit event' }).getByLabel('Description').inputValue()).resolves.toBe('Bring the cables');

    await page.getByRole('dialog', { name: 'Edit event' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Event deleted').waitFor();
    await page.reload();
    await page.locator('.fc').waitFor();
    await page.locator('.fc-daygrid-day').first().waitFor();
    expect(await page.locator('.fc-event', { hasText: 'E2E Gig' }).count()).toBe(0);
    await page.context().close();
  });

  it('at 390 px no catalogue screen scrolls sideways', async () => {
    const page = await signedIn(390);
    const screens: Array<[string, string]> = [
      ['/apps/e-commerce/products', 'Products'],
      [`/apps/e-commerce/products/${products[0]!.id}`, products[0]!.name!],
      ['/apps/e-commerce/orders', 'Orders'],
      [`/apps/e-commerce/orders/${orders[0]!.id}`, `Order ${orders[0]!.reference}`],
      ['/pages/faq', 'Frequently asked questions'],
      ['/apps/file-manager', 'File manager'],
      ['/ui/icons', 'Icons'],
      ['/pages/invoice', 'Invoice'],
      ['/pages/knowledge-base', 'Knowledge base'],
      ['/pages/profile', seededLogins.admin.name],
      ['/apps/sample-calendar', 'Calendar'],
    ];
    const overflowing: string[] = [];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      if (widths.scroll > widths.view) overflowing.push(`${path}: ${widths.scroll}px`);
    }
    // Phones get the products as cards, not the table.
    await page.goto('/apps/e-commerce/products');
    await page.getByRole('button', { name: `Edit ${products[0]!.name}` }).waitFor();
    await saveScreenshot(page, 'demo-catalog-390');
    expect(overflowing).toEqual([]);
    await page.context().close();
  });
});
