import type { ProviderInvoice } from '../interface';
import { notFound, unexpectedState, type IntentObject, type InvoiceObject, type LocalObjectStore, type SubscriptionObject } from './store';

/** Subscription invoices: how they read, and what paying one (or failing to) does to its subscription. */
export class LocalInvoices {
  constructor(private readonly store: LocalObjectStore) {}

  async toInvoice(invoice: InvoiceObject): Promise<ProviderInvoice> {
    const intent = invoice.paymentIntentId ? await this.store.get<IntentObject>('payment_intent', invoice.paymentIntentId) : undefined;
    return {
      id: invoice.id,
      subscriptionId: invoice.subscriptionId,
      status: invoice.status,
      billingReason: invoice.billingReason,
      amountDueCents: invoice.subscriptionCents + invoice.setUpFeeCents,
      setUpFeeCents: invoice.setUpFeeCents,
      subscriptionCents: invoice.subscriptionCents,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paymentIntentId: invoice.paymentIntentId,
      clientSecret: intent?.clientSecret ?? null,
    };
  }

  async retrieve(id: string): Promise<ProviderInvoice> {
    return this.toInvoice(await this.require(id));
  }

  async listOpen(subscriptionId: string): Promise<ProviderInvoice[]> {
    const open = (await this.store.list<InvoiceObject>('invoice'))
      .filter((invoice) => invoice.subscriptionId === subscriptionId && invoice.status === 'open')
      .sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    return Promise.all(open.map((invoice) => this.toInvoice(invoice)));
  }

  async prepareForPayment(invoiceId: string): Promise<ProviderInvoice> {
    const invoice = await this.require(invoiceId);
    if (invoice.status !== 'open') throw unexpectedState(`Invoice ${invoiceId} is ${invoice.status}; only an open invoice can be paid.`);
    return this.toInvoice(invoice);
  }

  /** The invoice is paid; its subscription is active again once no invoice of it is open, and keeps the card. */
  markPaid(invoiceId: string, paymentMethodId: string | null): Promise<void> {
    // Read-modify-write of the invoice and its subscription: one transaction (joins the caller's).
    return this.store.transaction(async () => {
      const invoice = await this.store.get<InvoiceObject>('invoice', invoiceId);
      if (!invoice) return;
      invoice.status = 'paid';
      await this.store.put('invoice', invoice);
      const subscription = await this.store.get<SubscriptionObject>('subscription', invoice.subscriptionId);
      if (!subscription) return;
      const stillOpen = (await this.store.list<InvoiceObject>('invoice')).some((other) => other.subscriptionId === subscription.id && other.status === 'open');
      if (!stillOpen && subscription.status !== 'canceled') subscription.status = 'active';
      if (paymentMethodId) subscription.defaultPaymentMethodId = paymentMethodId;
      await this.store.put('subscription', subscription);
    });
  }

  markPastDue(subscriptionId: string): Promise<void> {
    return this.store.transaction(async () => {
      const subscription = await this.store.get<SubscriptionObject>('subscription', subscriptionId);
      if (!subscription) return;
      subscription.status = 'past_due';
      await this.store.put('subscription', subscription);
    });
  }

  private async require(id: string): Promise<InvoiceObject> {
    const invoice = await this.store.get<InvoiceObject>('invoice', id);
    if (!invoice) throw notFound('invoice', id);
    return invoice;
  }
}
