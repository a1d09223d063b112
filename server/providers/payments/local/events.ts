import { signWebhookPayload } from '../webhook-signature';
import { randomId, type IntentObject, type InvoiceObject, type LocalObjectStore, type SubscriptionObject } from './store';

/** Where the local provider delivers its signed events (the app's webhook handler). */
export type EventSink = (rawBody: string, signature: string) => Promise<void>;

/** Events in Stripe's envelope, signed and handed to the app's webhook handler (none before a sink is set). */
export class LocalEventDelivery {
  private sink: EventSink | null = null;

  constructor(
    private readonly store: LocalObjectStore,
    private readonly webhookSecret: string,
    private readonly now: () => Date,
  ) {}

  setSink(sink: EventSink): void {
    this.sink = sink;
  }

  async intent(type: string, intent: IntentObject): Promise<void> {
    await this.deliver(type, {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      metadata: intent.metadata,
      last_payment_error: intent.lastError,
    });
  }

  async invoice(type: string, invoiceId: string): Promise<void> {
    const invoice = await this.store.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) return;
    await this.deliver(type, { id: invoice.id, object: 'invoice', status: invoice.status, subscription: invoice.subscriptionId, billing_reason: invoice.billingReason });
  }

  async subscription(type: string, subscription: SubscriptionObject): Promise<void> {
    await this.deliver(type, {
      id: subscription.id,
      object: 'subscription',
      status: subscription.status,
      customer: subscription.customerId,
      cancel_at_period_end: !!subscription.cancelAtPeriodEnd,
      current_period_end: Math.floor(new Date(subscription.currentPeriodEnd).getTime() / 1000),
      metadata: subscription.metadata,
    });
  }

  private async deliver(type: string, object: Record<string, unknown>): Promise<void> {
    if (!this.sink) return;
    const payload = JSON.stringify({
      id: randomId('evt'),
      object: 'event',
      type,
      created: Math.floor(this.now().getTime() / 1000),
      livemode: false,
      data: { object },
    });
    await this.sink(payload, signWebhookPayload(this.webhookSecret, payload));
  }
}
