/** What other features may use of the Fediverse: the creator page's "Follow on the Fediverse" button, an episode's approved comments, the page's path. */
export { FollowOnFediverse } from './follow-on-fediverse';
export { EpisodeComments } from './episode-comments';
export { fediversePath } from './paths';
