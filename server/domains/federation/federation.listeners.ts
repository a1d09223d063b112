import type { Services } from '@server/services';
import type { FederationRuntime } from './federation.runtime';

/**
 * What the other domains announce, on the Fediverse: a deactivated creator's actor is deleted (`Delete(Person)`, once
 * across instances); events, go-lives, episodes and replays are posted (`Create(Note)`), an edited event's note is
 * updated and a cancelled or deleted one's removed (`Delete`). Every listener runs after its fact is committed.
 */
export function registerFederationListeners(services: Pick<Services, 'domainEvents'> & { federation: FederationRuntime }): void {
  const { domainEvents, federation } = services;
  domainEvents.on('users:deactivated', async ({ userId, creatorTag }) => {
    if (creatorTag) await federation.announceDeleted(userId, creatorTag);
  });
  domainEvents.on('events:created', async ({ event }) => {
    await federation.posts.post('event', event.id);
  });
  domainEvents.on('events:changed', async ({ event }) => {
    await federation.posts.postChanged('event', event.id);
  });
  domainEvents.on('events:deleted', async ({ eventId }) => {
    await federation.posts.deletePost('event', eventId);
  });
  domainEvents.on('live:stream-started', async ({ eventId }) => {
    await federation.posts.post('live', eventId);
  });
  domainEvents.on('podcasts:episode-published', async ({ episodeId }) => {
    await federation.posts.post('episode', episodeId);
  });
  domainEvents.on('live:replay-published', async ({ episodeId }) => {
    await federation.posts.post('replay', episodeId);
  });
}
