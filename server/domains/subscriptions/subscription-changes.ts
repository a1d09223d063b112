import { DomainError } from '@server/platform/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { subscriptions, type SubscriptionStatus } from '@db/schema/payments';
import { providerFailure } from '@server/domains/payments/payment-records';
import { limitPaymentCreation } from '@server/domains/payments/payments.service';
import { newId } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { subscriptionMessages, type SubscriptionInfo } from './subscriptions.schemas';
import { applyRemoteSubscription } from './subscription-sync';
import { mailPlanNotice } from './plan-mail';
import { infoById, type SubscriptionRow } from './subscriptions.service';

/** How long a card change's mail is remembered as sent (the provider replays the same update meanwhile). */
const cardMailDedupeMs = 24 * 60 * 60_000;

/** Only the subscriber manages a subscription (an admin does so by emulating them); anyone else gets 404. */
async function subscriberOwn(db: Db, actor: Actor, id: string): Promise<SubscriptionRow> {
  const row = await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, id)));
  if (!row || row.userId !== actor.id) throw new DomainError({ code: 'NOT_FOUND', message: subscriptionMessages.subscriptionNotFound });
  return row;
}

/** A subscription the provider in effect can change (active, or past due for the card). */
function manageable(services: Services, row: SubscriptionRow, statuses: SubscriptionStatus[], message: string): string {
  if (!statuses.includes(row.status) || !row.providerSubscriptionId) throw new DomainError({ code: 'CONFLICT', message });
  if (row.provider !== services.payments.name) throw new DomainError({ code: 'CONFLICT', message: subscriptionMessages.otherProvider });
  return row.providerSubscriptionId;
}

/**
 * `subscriptions.cancel` / `resume`: the subscription runs to the end of the paid period and then ends
 * (or, resumed, renews again). The provider is told first; our row changes from its answer.
 */
export async function setCancelAtPeriodEnd(services: Services, actor: Actor, id: string, cancel: boolean): Promise<SubscriptionInfo> {
  const row = await subscriberOwn(services.db, actor, id);
  const providerId = manageable(services, row, ['active'], cancel ? subscriptionMessages.notCancelable : subscriptionMessages.notResumable);
  if (row.cancelAtPeriodEnd === cancel) return infoById(services.db, row.id);
  // Derived from our row and its version: a repeated click replays, the next change is a new update.
  const key = `subscription-${cancel ? 'cancel' : 'resume'}:${row.id}:${row.updatedAt}`;
  const remote = await services.payments.updateSubscription(providerId, { cancelAtPeriodEnd: cancel }, key).catch(providerFailure);
  await applyRemoteSubscription(services, row.id, remote);
  return infoById(services.db, row.id);
}

/** `subscriptions.updatePaymentMethod`: renewals charge this card from now on (a new SetupIntent's or the local form's). */
export async function updatePaymentMethod(services: Services, actor: Actor, id: string, paymentMethodId: string): Promise<SubscriptionInfo> {
  const row = await subscriberOwn(services.db, actor, id);
  const providerId = manageable(services, row, ['active', 'past_due'], subscriptionMessages.noCardToChange);
  const key = `subscription-card:${row.id}:${paymentMethodId}`;
  const remote = await services.payments.updateSubscription(providerId, { paymentMethodId }, key).catch(providerFailure);
  const after = await applyRemoteSubscription(services, row.id, remote);
  // The creator hears of each new card once: the same card sent again (a repeated click, a retried request) is the
  // provider's replay of the same update, and mails nothing more.
  if (after && (await services.once.put(`plan-mail:${key}`, '1', cardMailDedupeMs))) await mailPlanNotice(services, after, 'card_changed');
  return infoById(services.db, row.id);
}

/** `subscriptions.createSetupIntent`: a SetupIntent of the subscription's customer for Stripe Elements. */
export async function createSetupIntent(services: Services, actor: Actor, clientIp: string, id: string): Promise<{ clientSecret: string; setupIntentId: string }> {
  await limitPaymentCreation(services, actor, clientIp);
  const row = await subscriberOwn(services.db, actor, id);
  manageable(services, row, ['active', 'past_due'], subscriptionMessages.noCardToChange);
  const setupIntent = await services.payments
    .createSetupIntent({ customerId: row.providerCustomerId, metadata: { subscription_row_id: row.id, user_id: row.userId } }, `setup-intent:${row.id}:${newId()}`)
    .catch(providerFailure);
  return { clientSecret: setupIntent.clientSecret, setupIntentId: setupIntent.id };
}
