import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Browser, Page } from 'playwright-core';
import { subscriptions } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { StripeFake } from '../helpers/stripe-fake';
import { launchBrowser, login, newPage, saveScreenshot, seededLogins, startApp, type RunningApp } from './harness';

const webhookSecret = 'whsec_stripe_elements_e2e';

/**
 * Stripe.js as the page sees it (js.stripe.com is out of reach here): a card Element with one number field, and
 * `confirmCardSetup` doing what the real one does — POST /v1/setup_intents/{id}/confirm to api.stripe.com with the
 * client secret — which the test answers from the wire-format fake. Declined numbers answer Stripe's card error.
 */
const fakeStripeJs = `
window.Stripe = function (publishableKey) {
  var numbers = { '4242424242424242': 'pm_card_visa', '5555555555554444': 'pm_card_mastercard' };
  var input = null;
  return {
    elements: function () {
      return {
        create: function () {
          return {
            mount: function (host) {
              input = document.createElement('input');
              input.setAttribute('aria-label', 'Stripe card number');
              host.appendChild(input);
            },
            destroy: function () { if (input) input.remove(); },
            on: function () {},
          };
        },
      };
    },
    confirmCardSetup: function (clientSecret, data) {
      var number = input ? input.value.replace(/\\s+/g, '') : '';
      var id = clientSecret.split('_secret_')[0];
      var body = new URLSearchParams({ client_secret: clientSecret, key: publishableKey, 'payment_method_data[type]': 'card', 'payment_method_data[billing_details][name]': data.payment_method.billing_details.name, 'test_payment_method': numbers[number] || 'declined' });
      return fetch('https://api.stripe.com/v1/setup_intents/' + id + '/confirm', { method: 'POST', body: body })
        .then(function (response) { return response.json(); })
        .then(function (answer) { return answer.error ? { error: answer.error } : { setupIntent: answer }; });
    },
  };
};
`;

describe('Change card with Stripe Elements (a SetupIntent confirmed in the browser)', () => {
  const fake = new StripeFake();
  let running: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    const base = await fake.start();
    running = await startApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_elements',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_elements',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await fake.stop();
  });

  /** The page's Stripe.js and api.stripe.com, both answered here; the confirmed SetupIntents' names on the card. */
  async function routeStripe(page: Page): Promise<string[]> {
    const namesOnCard: string[] = [];
    await page.route('https://js.stripe.com/v3', (route) => route.fulfill({ contentType: 'application/javascript', body: fakeStripeJs }));
    await page.route('https://api.stripe.com/v1/setup_intents/*/confirm', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      const setupIntentId = new URL(route.request().url()).pathname.split('/')[3]!;
      const paymentMethod = form.get('test_payment_method')!;
      const headers = { 'access-control-allow-origin': '*' };
      if (fake.object(setupIntentId)?.client_secret !== form.get('client_secret')) {
        return route.fulfill({ status: 400, headers, json: { error: { type: 'invalid_request_error', message: 'Invalid client secret' } } });
      }
      if (paymentMethod === 'declined') {
        return route.fulfill({ status: 402, headers, json: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } });
      }
      namesOnCard.push(form.get('payment_method_data[billing_details][name]') ?? '');
      fake.confirmSetupIntent(setupIntentId, paymentMethod);
      return route.fulfill({ headers, json: fake.object(setupIntentId) });
    });
    return namesOnCard;
  }

  it('the dialog confirms a SetupIntent for the subscription\'s customer; a declined card says so; the saved card renews the plan', async () => {
    const { app } = running;
    const { db } = app.services;
    // An active Stripe subscription, started as checkout does: the first invoice paid, then `invoice.paid`.
    const signIn = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: seededLogins.mara.email, password: seededLogins.mara.password } });
    const { token } = signIn.json() as { token: string };
    const started = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: { authorization: `Bearer ${token}` }, payload: { productId: 'LIVE_STREAM' } });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId, subscriptionId } = started.json() as { paymentIntentId: string; subscriptionId: string };
    const row = async () => (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))))!;
    const providerId = (await row()).providerSubscriptionId!;
    fake.succeedIntent(paymentIntentId, { feeCents: 117 });
    const paid = fake.eventPayload('invoice.paid', (fake.object(providerId) as { latest_invoice: string }).latest_invoice);
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: paid, secret: webhookSecret }) },
      payload: paid,
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect(await row()).toMatchObject({ status: 'active', cardLast4: '4242' });

    const { context, page } = await newPage(browser, running.url);
    try {
      const namesOnCard = await routeStripe(page);
      const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
      await login(page, seededLogins.mara.email, seededLogins.mara.password);
      await page.goto(`/profile/${mara.id}/subscriptions`);
      const card = page.getByTestId('subscription-LIVE_STREAM');
      expect(await card.getByTestId('card-last4').textContent()).toBe('•••• 4242');

      await card.getByRole('button', { name: 'Change card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change card' });
      await dialog.getByLabel('Full name on card').fill('Mara Quill');
      await dialog.getByLabel('Stripe card number').fill('4000 0000 0000 0002');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await dialog.getByTestId('change-card-error').getByText('Your card was declined.').waitFor();
      expect((await row()).cardLast4).toBe('4242');

      await dialog.getByLabel('Stripe card number').fill('5555 5555 5555 4444');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByTestId('card-last4').getByText('•••• 4444').waitFor();
      expect(namesOnCard).toEqual(['Mara Quill']);

      // Each attempt asked our server for a SetupIntent of the subscription's own customer (never one the page chose).
      const setupCalls = fake.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/setup_intents');
      expect(setupCalls.length).toBe(2);
      for (const call of setupCalls) expect(call.params).toMatchObject({ customer: (fake.object(providerId) as { customer: string }).customer, usage: 'off_session' });
      // Stripe now renews with the new card, and so does our row.
      const defaultMethodCall = fake.requests.find((entry) => entry.method === 'POST' && entry.path === `/v1/subscriptions/${providerId}` && entry.params.default_payment_method);
      expect(defaultMethodCall?.params.default_payment_method).toBe('pm_card_mastercard');
      expect((await row()).cardLast4).toBe('4444');
      await saveScreenshot(page, 'stripe-change-card');
    } finally {
      await context.close();
    }
  });
});
