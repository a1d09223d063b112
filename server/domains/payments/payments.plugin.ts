import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { handleWebhook } from './payment-sync';
import { renewDueSubscriptions } from './payments.service';

const renewalIntervalMs = 60_000;

/**
 * The payments domain on the server. The local provider delivers its signed events straight to the webhook handler (as Stripe would POST
 * them) and runs its billing clock every minute (a no-op while Stripe is the provider, which renews by itself).
 */
export async function paymentsPlugin(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const provider = services.payments;
  if (services.config.env === 'production' && provider.name === 'local') {
    services.log.warn('PAYMENT_PROVIDER=local: payments are simulated with test cards and nothing is charged; set PAYMENT_PROVIDER=stripe to take real payments');
  }
  provider.setEventSink?.(async (payload, signature) => {
    try {
      await handleWebhook(services, payload, signature);
    } catch (error) {
      // The page's status report re-fetches the intent, so a failed delivery loses nothing.
      services.log.error({ err: error }, 'local payment event not processed');
    }
  });
  // One instance a minute runs the clock (every instance ticks; the sweep lock picks one).
  const timer = setInterval(() => {
    services.sweeps
      .runExclusive('payments:billing-clock', { ttlMs: 10 * 60_000, periodMs: renewalIntervalMs - 1_000 }, () => renewDueSubscriptions(services))
      .catch((error: unknown) => services.log.error({ err: error }, 'subscription renewals failed'));
  }, renewalIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
