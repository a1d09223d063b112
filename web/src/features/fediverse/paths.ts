import { appPagePaths } from '@common/page-paths';

/** The creator's Fediverse page (in the creator's menu as "Fediverse"). */
export const fediversePath = appPagePaths.fediverse;
