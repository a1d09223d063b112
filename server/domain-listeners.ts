import { registerHubListeners } from './domains/hub/hub.listeners';
import { registerPushListeners } from './domains/push/push.listeners';
import { registerSubscriptionListeners } from './domains/subscriptions/subscriptions.listeners';
import { registerMembershipListeners } from './domains/memberships/memberships.listeners';
import { registerWebhookListeners } from './domains/webhooks/webhooks.listeners';
import type { AppServices } from './trpc/context';

/**
 * Each domain's listeners of other domains' events and its request handlers (server/platform/domain-events.ts),
 * registered once at start-up. Listeners of one event run in this order.
 */
const domainListeners: ReadonlyArray<(services: AppServices) => void> = [
  registerWebhookListeners,
  registerHubListeners,
  registerPushListeners,
  registerSubscriptionListeners,
  registerMembershipListeners,
];

export function registerDomainListeners(services: AppServices): void {
  for (const register of domainListeners) register(services);
}
