/**
 * The viewer's account on the public pages (event, creator, podcast, My memberships): the menu in the page header and
 * the sign-in, registration and profile dialogs it opens. Everything else in this folder is the dialogs' own.
 */
export { ViewerDialogs, ViewerMenu, type ViewerDialog } from './viewer-account';
