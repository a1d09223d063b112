/** What other features use of the episode player page: the subscribe row (the podcast page shows it too). */
export { SubscribeRow } from './episode-extras-panels';
