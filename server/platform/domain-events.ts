import type { MembershipStatus } from '@common/membership-values';

/**
 * Domain events: a domain announces a fact it owns once it is committed (a payment succeeded, an event changed),
 * and the domains that act on it listen, so the publisher never imports them. The names live in their own
 * namespace (`<domain>:<fact>`), apart from the public webhook types (`payment.succeeded`).
 *
 * Delivery: to the listeners in the order they were registered, all started at once; `publish` settles when every
 * one has finished, so a request that publishes answers after its listeners' work (webhook rows, push queue) is
 * recorded. A listener that throws (or whose promise rejects) is logged; the publisher and the other listeners carry on. Publishing inside
 * a database transaction is refused: work that must commit with the fact is a call inside the publisher's
 * transaction, never a listener.
 *
 * Requests are not events: one handler per name, awaited, and its failure is the caller's. They serve a caller whose
 * answer depends on another domain's work where the import has to point the other way (the provider's webhook,
 * received by payments, brings invoices and subscriptions in through the subscriptions domain).
 *
 * Payloads and results are plain JSON (the scale-out issue carries events between instances), so the types below are
 * spelled out here rather than imported from the domains.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/** A payment as its payer and creator see it (the `payments` output). */
export type PaymentSnapshot = {
  id: string;
  kind: 'tip' | 'paywall' | 'subscription' | 'membership';
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
  currency: string;
  description: string;
  eventId: string | null;
  creatorId: string | null;
  subscriptionId: string | null;
  cardLast4: string | null;
  error: { type: string; code?: string | undefined; decline_code?: string | undefined; message: string } | null;
  createdAt: string;
  succeededAt: string | null;
};

export type SubscriptionSnapshot = {
  id: string;
  userId: string;
  productId: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  canceledAt: string | null;
  cancelAtPeriodEnd: boolean;
  cardLast4: string | null;
};

/** An event as its owner reads it (the `events` output). */
export type EventSnapshot = {
  id: string;
  name: string;
  description: string;
  userId: string;
  isPremium: boolean;
  isActive: boolean;
  premiumPrice: number;
  startDateTime: string | null;
  endDateTime: string | null;
  user: { id: string; userName: string; displayName: string; description: string; streamValue: string | null };
};

/** A membership as its creator's webhooks and the other domains see it (cents, UTC ISO times). */
export type MembershipSnapshot = {
  id: string;
  tierId: string;
  tierName: string;
  creatorId: string;
  memberId: string;
  memberName: string;
  status: MembershipStatus;
  priceCents: number;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  graceEndsAt: string | null;
};

/** One paid monthly charge of a membership. */
export type MembershipChargeSnapshot = { paymentId: string | null; amountCents: number; periodStart: string; periodEnd: string; paidAt: string };

export interface DomainEventMap {
  /** A payment became `succeeded` (once per payment, after its ledger entries and tip or access row are committed). */
  'payments:succeeded': { payment: PaymentSnapshot; payerId: string | null };
  /** A subscription's status, period, cancellation or card changed. */
  'subscriptions:changed': { subscription: SubscriptionSnapshot; previous: SubscriptionSnapshot };
  /** An event was created by its owner. */
  'events:created': { event: EventSnapshot };
  /** An event was changed by its owner. */
  'events:changed': { event: EventSnapshot; previous: EventSnapshot };
  /** An event was deleted by its owner or an admin (committed). */
  'events:deleted': { eventId: string; userId: string };
  /** An episode became public (its publish date reached, at its creation; later ones are found when their date comes). */
  'podcasts:episode-published': { episodeId: string; userId: string };
  /** A live recording was published as an episode (the replay): its episode and the event it was recorded in. */
  'live:replay-published': { recordingId: string; episodeId: string; userId: string; eventId: string | null };
  /** A creator's stream went live in an event (its session is stored): the go-live notification, `stream.started`. */
  'live:stream-started': { sessionId: string; userId: string; eventId: string; eventName: string; startedAt: string };
  /** A live session ended (its end is stored; the recording is finished in the background): `stream.ended`. */
  'live:stream-ended': { sessionId: string; userId: string; eventId: string; startedAt: string; endedAt: string; recordingId: string };
  /** The billing clock ticked (the provider's renewals ran): the memberships' grace and retries follow. */
  'payments:billing-clock': { at: string };
  /** A membership's first month was paid: it is active. */
  'memberships:created': { membership: MembershipSnapshot; charge: MembershipChargeSnapshot };
  /** A membership's next month was paid (on time, by a retry, or by the member during the grace). */
  'memberships:renewed': { membership: MembershipSnapshot; charge: MembershipChargeSnapshot };
  /** A membership ended for want of payment (the grace after a failed renewal passed). */
  'memberships:lapsed': { membership: MembershipSnapshot };
  /** The member canceled: access lasts until `endsAt` (the end of the paid month; now for an unpaid one). */
  'memberships:cancelled': { membership: MembershipSnapshot; endsAt: string | null };
  /** An active account was deactivated (committed): its Fediverse actor is deleted (`Delete(Person)` to its followers). */
  'users:deactivated': { userId: string; creatorTag: string | null };
}

export interface DomainRequestMap {
  /** The provider reported on an invoice: bring it into our records; answers the payment of its intent, if any. */
  'payments:sync-invoice': { payload: { invoiceId: string }; result: { paymentId: string } | null };
  /** The provider reported a change of a subscription. */
  'payments:sync-subscription': { payload: { subscriptionId: string }; result: null };
  /** The same for a membership's invoice (a fan's monthly membership is a provider subscription too). */
  'payments:sync-membership-invoice': { payload: { invoiceId: string }; result: { paymentId: string } | null };
  'payments:sync-membership-subscription': { payload: { subscriptionId: string }; result: null };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainRequestName = keyof DomainRequestMap;
export type DomainEventListener<N extends DomainEventName> = (payload: DomainEventMap[N]) => void | Promise<void>;
export type DomainRequestHandler<N extends DomainRequestName> = (payload: DomainRequestMap[N]['payload']) => Promise<DomainRequestMap[N]['result']>;

export interface DomainEventsLog {
  error(details: object, message: string): void;
}

export class DomainEvents<Events extends Record<keyof Events, Json> = DomainEventMap> {
  private readonly listeners = new Map<keyof Events, Array<(payload: never) => void | Promise<void>>>();
  private readonly handlers = new Map<DomainRequestName, (payload: never) => Promise<unknown>>();

  /** `insideTransaction` tells whether the database has a transaction open (publishing then is a mistake). */
  constructor(
    private readonly log: DomainEventsLog,
    private readonly insideTransaction: () => boolean = () => false,
  ) {}

  /** Adds a listener (after the ones already there); the answer removes it. */
  on<N extends keyof Events>(name: N, listener: (payload: Events[N]) => void | Promise<void>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as (payload: never) => void | Promise<void>);
    this.listeners.set(name, list);
    return () => {
      const current = this.listeners.get(name);
      const index = current?.indexOf(listener as (payload: never) => void | Promise<void>) ?? -1;
      if (current && index >= 0) current.splice(index, 1);
    };
  }

  /** Starts every listener in registration order and settles when all have finished (a failure is logged, never thrown). */
  publish<N extends keyof Events>(name: N, payload: Events[N]): Promise<void> {
    if (this.insideTransaction()) throw new Error(`Domain event ${String(name)} published inside a transaction: publish after the commit`);
    const running: Array<Promise<void>> = [];
    for (const listener of [...(this.listeners.get(name) ?? [])] as Array<(payload: Events[N]) => void | Promise<void>>) {
      try {
        const pending = listener(payload);
        if (pending instanceof Promise) running.push(pending.catch((error: unknown) => this.listenerFailed(error, name)));
      } catch (error) {
        this.listenerFailed(error, name);
      }
    }
    return Promise.all(running).then(() => undefined);
  }

  /** Registers the one handler of a request; a second one for the same name is a wiring mistake. */
  handle<N extends DomainRequestName>(name: N, handler: DomainRequestHandler<N>): void {
    if (this.handlers.has(name)) throw new Error(`Domain request ${name} already has a handler`);
    this.handlers.set(name, handler as (payload: never) => Promise<unknown>);
  }

  /** Runs the request's handler and answers its result; the handler's failure is the caller's. */
  async request<N extends DomainRequestName>(name: N, payload: DomainRequestMap[N]['payload']): Promise<DomainRequestMap[N]['result']> {
    const handler = this.handlers.get(name) as DomainRequestHandler<N> | undefined;
    if (!handler) throw new Error(`Domain request ${name} has no handler`);
    return handler(payload);
  }

  private listenerFailed(error: unknown, name: keyof Events): void {
    this.log.error({ err: error, domainEvent: String(name) }, 'domain event listener failed');
  }
}
