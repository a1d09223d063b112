import { createHmac } from 'node:crypto';
import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import type { PaymentProvider } from './interface';
import { LocalPaymentProvider } from './local';
import { StripePaymentProvider } from './stripe';

/** `local` signs its events with STRIPE_WEBHOOK_SECRET when set, else with a secret derived from the app's secret. */
export function localWebhookSecret(config: AppConfig, appSecret: string): string {
  return config.payments.stripeWebhookSecret ?? `whsec_${createHmac('sha256', appSecret).update('cuepoint:payments:webhook').digest('base64url')}`;
}

export function createPaymentProvider(config: AppConfig, db: Db, appSecret: string): PaymentProvider {
  switch (config.payments.provider) {
    case 'stripe':
      return new StripePaymentProvider(config.payments);
    case 'local':
      return new LocalPaymentProvider(db, localWebhookSecret(config, appSecret));
  }
}
