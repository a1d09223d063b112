/**
 * What other features use of the event pages (the creator page, My memberships): the viewer's sign-in dialogs and
 * menu, the episode list and the event time. Everything else in this folder is the event pages' own.
 */
export { formatEventTime } from './event-time';
export { RelatedEpisodes } from './related-episodes';
export { ViewerDialogs, ViewerMenu, type ViewerDialog } from './viewer/viewer-account';
