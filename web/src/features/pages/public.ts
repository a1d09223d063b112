/** What other features use of the pages feature: the not-found page of a missing event, episode or podcast. */
export { MissingPage, NotFoundLinks } from './missing-page-links';
