/** What other features may use of the Fediverse: the creator page's "Follow on the Fediverse" button, the page's path. */
export { FollowOnFediverse } from './follow-on-fediverse';
export { fediversePath } from './paths';
