import type { ProviderInvoice } from '../interface';
import { notFound, unexpectedState, type IntentObject, type InvoiceObject, type LocalObjectStore, type SubscriptionObject } from './store';

/** Subscription invoices: how they read, and what paying one (or failing to) does to its subscription. */
export class LocalInvoices {
  constructor(private readonly store: LocalObjectStore) {}

  toInvoice(invoice: InvoiceObject): ProviderInvoice {
    const intent = invoice.paymentIntentId ? this.store.get<IntentObject>('payment_intent', invoice.paymentIntentId) : undefined;
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

  retrieve(id: string): ProviderInvoice {
    return this.toInvoice(this.require(id));
  }

  listOpen(subscriptionId: string): ProviderInvoice[] {
    return this.store
      .list<InvoiceObject>('invoice')
      .filter((invoice) => invoice.subscriptionId === subscriptionId && invoice.status === 'open')
      .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
      .map((invoice) => this.toInvoice(invoice));
  }

  prepareForPayment(invoiceId: string): ProviderInvoice {
    const invoice = this.require(invoiceId);
    if (invoice.status !== 'open') throw unexpectedState(`Invoice ${invoiceId} is ${invoice.status}; only an open invoice can be paid.`);
    return this.toInvoice(invoice);
  }

  /** The invoice is paid; its subscription is active again once no invoice of it is open, and keeps the card. */
  markPaid(invoiceId: string, paymentMethodId: string | null): void {
    const invoice = this.store.get<InvoiceObject>('invoice', invoiceId);
    if (!invoice) return;
    invoice.status = 'paid';
    this.store.put('invoice', invoice);
    const subscription = this.store.get<SubscriptionObject>('subscription', invoice.subscriptionId);
    if (!subscription) return;
    const stillOpen = this.store.list<InvoiceObject>('invoice').some((other) => other.subscriptionId === subscription.id && other.status === 'open');
    if (!stillOpen && subscription.status !== 'canceled') subscription.status = 'active';
    if (paymentMethodId) subscription.defaultPaymentMethodId = paymentMethodId;
    this.store.put('subscription', subscription);
  }

  markPastDue(subscriptionId: string): void {
    const subscription = this.store.get<SubscriptionObject>('subscription', subscriptionId);
    if (!subscription) return;
    subscription.status = 'past_due';
    this.store.put('subscription', subscription);
  }

  private require(id: string): InvoiceObject {
    const invoice = this.store.get<InvoiceObject>('invoice', id);
    if (!invoice) throw notFound('invoice', id);
    return invoice;
  }
}
