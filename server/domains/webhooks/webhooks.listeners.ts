import type { DomainEventMap, MembershipSnapshot } from '@server/platform/domain-events';
import { emitWebhookEvent, type WebhookServices } from './webhooks.service';

type Services = Pick<WebhookServices, 'db' | 'webhooks' | 'domainEvents'>;

/**
 * A payment that has just succeeded: `payment.succeeded` to the creator it pays (or, for a subscription, the creator
 * paying), and `tip.received` to the creator of a tip.
 */
async function paymentSucceeded(services: Services, { payment, payerId }: DomainEventMap['payments:succeeded']): Promise<void> {
  const owner = payment.creatorId ?? payerId;
  await Promise.all([
    owner && emitWebhookEvent(services, owner, 'payment.succeeded', payment),
    payment.kind === 'tip' && payment.creatorId && emitWebhookEvent(services, payment.creatorId, 'tip.received', payment),
  ]);
}

/** `subscription.updated` to its creator. */
async function subscriptionChanged(services: Services, { subscription, previous }: DomainEventMap['subscriptions:changed']): Promise<void> {
  await emitWebhookEvent(services, subscription.userId, 'subscription.updated', {
    id: subscription.id,
    productId: subscription.productId,
    status: subscription.status,
    previousStatus: previous.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    canceledAt: subscription.canceledAt,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    cardLast4: subscription.cardLast4,
  });
}

/** `event.created`, and `event.live` when it was created active. */
async function eventCreated(services: Services, { event }: DomainEventMap['events:created']): Promise<void> {
  await Promise.all([
    emitWebhookEvent(services, event.userId, 'event.created', event),
    event.isActive && emitWebhookEvent(services, event.userId, 'event.live', event),
  ]);
}

/** `event.updated`, and `event.live` when it was made active. */
async function eventChanged(services: Services, { event, previous }: DomainEventMap['events:changed']): Promise<void> {
  await Promise.all([
    emitWebhookEvent(services, event.userId, 'event.updated', event),
    !previous.isActive && event.isActive && emitWebhookEvent(services, event.userId, 'event.live', event),
  ]);
}

/** A membership's data as the creator's webhook receives it (`charge` for a paid month, `endsAt` for a cancel). */
function membershipPayload(membership: MembershipSnapshot, extra: Record<string, unknown> = {}) {
  return {
    id: membership.id,
    tierId: membership.tierId,
    tierName: membership.tierName,
    memberId: membership.memberId,
    memberName: membership.memberName,
    status: membership.status,
    priceCents: membership.priceCents,
    currentPeriodStart: membership.currentPeriodStart,
    currentPeriodEnd: membership.currentPeriodEnd,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    graceEndsAt: membership.graceEndsAt,
    ...extra,
  };
}

/**
 * What other domains announce and creators' webhooks hear. A listener starts all its emits at once, while the event is
 * published: each opens its transaction then (in this order), so the next request's statements come after them.
 */
export function registerWebhookListeners(services: Services): void {
  services.domainEvents.on('payments:succeeded', (payload) => paymentSucceeded(services, payload));
  services.domainEvents.on('subscriptions:changed', (payload) => subscriptionChanged(services, payload));
  services.domainEvents.on('events:created', (payload) => eventCreated(services, payload));
  services.domainEvents.on('events:changed', (payload) => eventChanged(services, payload));
  services.domainEvents.on('live:stream-started', async ({ userId, sessionId, eventId, eventName, startedAt }) => {
    await emitWebhookEvent(services, userId, 'stream.started', { sessionId, eventId, eventName, startedAt });
  });
  services.domainEvents.on('live:stream-ended', async ({ userId, sessionId, eventId, startedAt, endedAt, recordingId }) => {
    await emitWebhookEvent(services, userId, 'stream.ended', { sessionId, eventId, startedAt, endedAt, recordingId });
  });
  services.domainEvents.on('memberships:created', async ({ membership, charge }) => {
    await emitWebhookEvent(services, membership.creatorId, 'membership.created', membershipPayload(membership, { charge }));
  });
  services.domainEvents.on('memberships:renewed', async ({ membership, charge }) => {
    await emitWebhookEvent(services, membership.creatorId, 'membership.renewed', membershipPayload(membership, { charge }));
  });
  services.domainEvents.on('memberships:lapsed', async ({ membership }) => {
    await emitWebhookEvent(services, membership.creatorId, 'membership.lapsed', membershipPayload(membership));
  });
  services.domainEvents.on('memberships:cancelled', async ({ membership, endsAt }) => {
    await emitWebhookEvent(services, membership.creatorId, 'membership.cancelled', membershipPayload(membership, { endsAt }));
  });
}
