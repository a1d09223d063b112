/**
 * What other features use of the event pages (the creator page): the episode list and the event time; and the
 * "Post to the Fediverse" box the event, episode and replay dialogs share. Everything else
 * in this folder is the event pages' own; the viewer's menu and dialogs are the viewer feature's (features/viewer).
 */
export { formatEventTime } from './event-time';
export { RelatedEpisodes } from './related-episodes';
export { FediverseOptOut, useFediversePublish } from './fediverse-opt-out';
