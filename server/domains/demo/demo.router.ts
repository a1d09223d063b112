import { router } from '@server/trpc/init';

/** The sample-data apps (demo-apps.md), one sub-router per app. */
export const demoRouter = router({
});
