import { z } from 'zod';
import { pushNotificationKinds } from '@common/push-values';
import { pushAudiences } from '@common/membership-values';
import { localeSchema } from '@common/locale-schema';

export { pushAudiences, type PushAudience } from '@common/membership-values';

export const pushMessages = {
  endpoint: 'The subscription endpoint must be an https URL',
  keys: 'The subscription keys are not valid',
  creatorNotFound: 'Creator not found',
  notPermitted:
    'Sending push notifications needs an active Cuepoint subscription. Choose a plan to start sending notifications to your fans.',
  otherCreator: 'You can only send notifications to your own subscribers',
  noCreatorTag: 'Choose a creator tag in your profile before sending notifications',
  title: 'Title must be 1 to 60 characters',
  body: 'Message must be 1 to 200 characters',
  url: 'The link must be a path on this site, such as /events/your-tag',
  adminNeedsCreator: 'Choose the creator whose subscribers receive this notification',
  audience: 'Choose "all" subscribers or "members" only',
} as const;

export const titleMaxLength = 60;
export const bodyMaxLength = 200;

/** base64url of exactly `bytes` bytes (no padding). */
function base64UrlOfLength(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), pushMessages.keys);
}

/** The browser's PushSubscription.toJSON(): endpoint plus the P-256 key (65 bytes) and the auth secret (16 bytes). */
export const pushSubscriptionJson = z.object({
  endpoint: z.string().trim().min(1, pushMessages.endpoint).max(2048, pushMessages.endpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64UrlOfLength(65), auth: base64UrlOfLength(16) }),
});

export const subscribeInput = z.strictObject({
  creatorId: z.string().trim().min(1).max(64),
  subscription: pushSubscriptionJson,
  /** The language the subscribing page shows: the go-live notifications are written in it (else the creator's). */
  locale: localeSchema.optional(),
});
export type SubscribeInput = z.infer<typeof subscribeInput>;

export const unsubscribeInput = z.strictObject({ endpoint: z.string().trim().min(1).max(2048) });

export const subscribeAnswer = z.object({ subscribed: z.boolean() });

/** A path on this site: one leading slash (no scheme, no host, no `//`), at most 500 characters. */
export const sitePath = z
  .string()
  .trim()
  .max(500, pushMessages.url)
  .regex(/^\/(?![/\\])[^\s\\]*$/, pushMessages.url);

export const sendInput = z.strictObject({
  title: z.string().trim().min(1, pushMessages.title).max(titleMaxLength, pushMessages.title),
  body: z.string().trim().min(1, pushMessages.body).max(bodyMaxLength, pushMessages.body),
  url: sitePath.optional(),
  creatorId: z.string().trim().min(1).max(64).optional(),
  /**
   * `members`: only browsers subscribed by a signed-in viewer whose membership of the creator opens its perks now
   * (a fan membership, any tier); `all` (default): every subscriber.
   */
  audience: z.enum(pushAudiences, { error: pushMessages.audience }).default('all'),
});
export type SendInput = z.input<typeof sendInput>;

export const sendAnswer = z.object({ id: z.string(), recipients: z.number().int() });

export const historyInput = z.strictObject({ creatorId: z.string().trim().min(1).max(64).optional() }).optional();

export const notificationHistoryItem = z.object({
  id: z.string(),
  kind: z.enum(pushNotificationKinds),
  audience: z.enum(pushAudiences),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  pending: z.number().int(),
});
export type NotificationHistoryItem = z.infer<typeof notificationHistoryItem>;

export const linkOption = z.object({ label: z.string(), url: z.string(), group: z.enum(['page', 'event', 'episode']) });
export type LinkOption = z.infer<typeof linkOption>;

/** What the compose page needs: who it sends for, whether sending is allowed, and the links and icon to offer. */
export const overviewAnswer = z.object({
  creatorId: z.string(),
  creatorName: z.string(),
  creatorTag: z.string().nullable(),
  canSend: z.boolean(),
  subscriberCount: z.number().int(),
  /** Subscribers a members-only notification reaches now: browsers subscribed by signed-in current members. */
  memberSubscriberCount: z.number().int(),
  icon: z.string().nullable(),
  defaultUrl: z.string().nullable(),
  links: z.array(linkOption),
  /** Admins pick any creator; creators only see themselves. */
  creators: z.array(z.object({ id: z.string(), name: z.string(), creatorTag: z.string().nullable(), subscriberCount: z.number().int() })),
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;

export const publicKeyAnswer = z.object({ publicKey: z.string() });
