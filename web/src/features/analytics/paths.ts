import { appPagePaths } from '@common/page-paths';

/** The dashboard and its "How we count" page. */
export const analyticsPath = appPagePaths.analytics;
export const howWeCountPath = appPagePaths.analyticsHowWeCount;
