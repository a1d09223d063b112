import { z } from 'zod';
import { productIds, type ProductId } from '@common/billing-values';

export const productIdSchema = z.enum(productIds);

export const productIdInput = z.strictObject({ id: z.string().trim().min(1).max(64) });

/** What each plan includes until an admin edits it (Settings → Plans); the add-ons add one more title to a plan. */
export const defaultProductFeatures: Record<ProductId, readonly string[]> = {
  LIVE_STREAM: ['Create events on your calendar', 'Go live from OBS or any RTMP encoder', 'Premium events, tips and chat'],
  PODCAST_TITLE: ['One audio podcast title', 'Unlimited episodes', 'An RSS feed for Apple Podcasts and Spotify'],
  PODCAST_TITLE_ADD_ON: ['One more audio podcast title'],
  PODCAST_VIDEO_TITLE: ['One video podcast title', 'Unlimited episodes', 'Replays of your live streams as episodes'],
  PODCAST_VIDEO_TITLE_ADD_ON: ['One more video podcast title'],
};

/** The plan an add-on adds to (it only counts with that plan). */
export const addOnBase: Partial<Record<ProductId, ProductId>> = {
  PODCAST_TITLE_ADD_ON: 'PODCAST_TITLE',
  PODCAST_VIDEO_TITLE_ADD_ON: 'PODCAST_VIDEO_TITLE',
};

export const addOnExplanation = 'Adds one more podcast title to a plan you have';

/** A subscription product as the web app receives it (money in integer cents, CAD). */
export const productOutput = z.object({
  id: productIdSchema,
  name: z.string(),
  pricePerMonthCents: z.number().int(),
  setUpFeeCents: z.number().int(),
  /** The payment provider's price id of the one-time setup fee (null when there is none). */
  setUpFeePriceId: z.string().nullable(),
  /** What the plan includes, one line each (admin-editable). */
  features: z.array(z.string()),
  /** For an add-on: what "Add On" means (it adds to a plan you have); null for a plan. */
  addOnNote: z.string().nullable(),
});
export type ProductOutput = z.infer<typeof productOutput>;

export const productsOutput = z.array(productOutput);

export const featureLineMax = 120;

export const planMessages = {
  gatedSettingLabel: 'Features require a plan',
  alreadyGranted: 'This plan is already granted',
  notGranted: 'This plan is not granted',
  notACreator: 'Plans are for creators',
  userNotFound: 'User not found',
  productNotFound: 'Product not found',
  featureLineTooLong: `Keep each line under ${featureLineMax} characters`,
  tooManyFeatureLines: 'At most 12 lines',
} as const;

export const updateProductFeaturesInput = z.strictObject({
  id: productIdSchema,
  /** One line each; empty lines are dropped. `null` goes back to the built-in list. */
  features: z.array(z.string().trim().max(featureLineMax, planMessages.featureLineTooLong)).max(12, planMessages.tooManyFeatureLines).nullable(),
});

/** What the caller may create now under "Features require a plan" (null counts: no limit). */
export const planAccessOutput = z.object({
  gated: z.boolean(),
  events: z.boolean(),
  audioTitles: z.number().int().nullable(),
  videoTitles: z.number().int().nullable(),
  usedAudioTitles: z.number().int(),
  usedVideoTitles: z.number().int(),
  /** The signed-in plans page. */
  plansPath: z.string(),
  /** The refusal each action would meet now (null: allowed), with the plans link in its text. */
  refusals: z.object({ events: z.string().nullable(), audioTitle: z.string().nullable(), videoTitle: z.string().nullable() }),
});
export type PlanAccessOutput = z.infer<typeof planAccessOutput>;

export const userPlansInput = z.strictObject({ userId: z.string().trim().min(1).max(64) });
export const grantPlanInput = z.strictObject({ userId: z.string().trim().min(1).max(64), productId: productIdSchema });

export const userPlansOutput = z.object({
  gated: z.boolean(),
  grants: z.array(z.object({ productId: productIdSchema, name: z.string(), createdAt: z.string() })),
  subscriptions: z.array(
    z.object({ id: z.string(), productId: productIdSchema, name: z.string(), status: z.string(), currentPeriodEnd: z.string().nullable(), cancelAtPeriodEnd: z.boolean(), counts: z.boolean() }),
  ),
  access: planAccessOutput,
});
export type UserPlansOutput = z.infer<typeof userPlansOutput>;
