import type { Services } from '@server/services';
import type { FederationRuntime } from './federation.runtime';

/** A deactivated creator's actor is deleted: `Delete(Person)` to its followers, once across instances (it then answers 410). */
export function registerFederationListeners(services: Pick<Services, 'domainEvents'> & { federation: FederationRuntime }): void {
  services.domainEvents.on('users:deactivated', async ({ userId, creatorTag }) => {
    if (creatorTag) await services.federation.announceDeleted(userId, creatorTag);
  });
}
