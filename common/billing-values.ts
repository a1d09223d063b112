/** The billing domain's enumerations, free of Drizzle so the web app may import them through `billing.schemas.ts`. */
export const productIds = [
  'LIVE_STREAM',
  'PODCAST_TITLE',
  'PODCAST_TITLE_ADD_ON',
  'PODCAST_VIDEO_TITLE',
  'PODCAST_VIDEO_TITLE_ADD_ON',
] as const;
export type ProductId = (typeof productIds)[number];
