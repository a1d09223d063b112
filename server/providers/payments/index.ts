import { createHmac } from 'node:crypto';
import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import type { PaymentProvider } from './interface';
import { LocalPaymentProvider } from './local';
import type { EventSink } from './local/events';
import { StripePaymentProvider } from './stripe';

/** `local` signs its events with the webhook secret when one is set, else with a secret derived from the app's secret. */
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

/** Narrows a provider (also the live one below, which answers `name` of the provider in effect) to `local`. */
export function isLocalPaymentProvider(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === 'local';
}

/**
 * The provider the current settings ask for (the environment's, with an admin's platform settings laid
 * over it), rebuilt when those settings change, so switching to Stripe or changing keys needs no restart.
 * The local provider's event sink is kept across rebuilds.
 */
export function createLivePaymentProvider(currentConfig: () => AppConfig, db: Db, appSecret: string): PaymentProvider & { setEventSink(sink: EventSink): void } {
  let sink: EventSink | null = null;
  let key = '';
  let current: PaymentProvider | null = null;
  const resolve = (): PaymentProvider => {
    const config = currentConfig();
    const nextKey = JSON.stringify(config.payments);
    if (!current || nextKey !== key) {
      current = createPaymentProvider(config, db, appSecret);
      key = nextKey;
      if (sink && isLocalPaymentProvider(current)) current.setEventSink(sink);
    }
    return current;
  };
  const setEventSink = (next: EventSink) => {
    sink = next;
    const provider = resolve();
    if (isLocalPaymentProvider(provider)) provider.setEventSink(next);
  };
  return new Proxy({} as PaymentProvider & { setEventSink(sink: EventSink): void }, {
    get(_target, property) {
      if (property === 'setEventSink') return setEventSink;
      const provider = resolve();
      const value = Reflect.get(provider, property, provider) as unknown;
      return typeof value === 'function' ? value.bind(provider) : value;
    },
    has(_target, property) {
      return property === 'setEventSink' || Reflect.has(resolve(), property);
    },
  });
}
