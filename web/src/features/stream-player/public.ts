/**
 * The stream player (the event page, the embedded player, the creator's live monitor): the player, the viewer's access
 * to an event and the playback it gets, the refresh interval of the stream answer, and the viewer session's bootstrap
 * that every public page waits for. The rest is the player's own.
 */
export { StreamPlayer } from './stream-player';
export { useEventAccess, useViewerBootstrap } from './use-event-access';
export { streamRefetchInterval, useEventPlayback } from './use-event-stream';
