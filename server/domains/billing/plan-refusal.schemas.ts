/**
 * The code of a "Features require a plan" refusal (tRPC `data.reason`, REST `reason`): the web app recognises a plan
 * refusal by it, whatever the language of its text. No imports: the web's shared components read it.
 */
export const planRefusalReason = 'plan-required';

/**
 * The refusals as the catalogs hold them (server/i18n): each ends with its link to the plans page, "Choose a plan:
 * {plansPath}", which the web app shows as a link; a translation keeps `{plansPath}` last, after a colon.
 */
export const planRefusalTemplates = {
  liveStream: 'Creating events and going live need the LIVE STREAM plan. Choose a plan: {plansPath}',
  audioTitle: 'Audio podcast titles need the PODCAST plan. Choose a plan: {plansPath}',
  videoTitle: 'Video podcast titles need the PODCAST VIDEO plan. Choose a plan: {plansPath}',
  audioLimitOne: 'Your PODCAST plan includes 1 audio podcast title: the PODCAST ADD ON adds one more. Choose a plan: {plansPath}',
  audioLimit: 'Your plans include {allowed} audio podcast titles, all in use: delete one to create another. Choose a plan: {plansPath}',
  videoLimitOne: 'Your PODCAST VIDEO plan includes 1 video podcast title: the PODCAST VIDEO ADD ON adds one more. Choose a plan: {plansPath}',
  videoLimit: 'Your plans include {allowed} video podcast titles, all in use: delete one to create another. Choose a plan: {plansPath}',
} as const;
