import { z } from 'zod';

/** What a webhook can subscribe to (issue 16). */
export const webhookEventTypes = [
  'event.created',
  'event.updated',
  'event.live',
  'episode.published',
  'tip.received',
  'payment.succeeded',
  'subscription.updated',
  'stream.started',
  'stream.ended',
  'membership.created',
  'membership.renewed',
  'membership.lapsed',
  'membership.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'event.created': 'An event was created',
  'event.updated': 'An event was changed',
  'event.live': 'An event became active',
  'episode.published': 'A podcast episode was published',
  'tip.received': 'You received a tip',
  'payment.succeeded': 'A payment succeeded',
  'subscription.updated': 'Your subscription changed',
  'stream.started': 'You went live from OBS (a live session started)',
  'stream.ended': 'Your live session ended',
  'membership.created': 'A fan became a member (first month paid)',
  'membership.renewed': 'A membership was renewed (another month paid)',
  'membership.lapsed': 'A membership ended because its renewal could not be paid',
  'membership.cancelled': 'A member canceled (access lasts until the end of the paid month)',
};

export const webhookMessages = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  httpsRequired: 'The URL must start with https://',
  privateTarget: 'Webhooks cannot target private, loopback or link-local addresses',
  invalidUrl: 'Please enter a valid http(s) URL',
  credentialsInUrl: 'The URL cannot contain a user name or password',
  eventsRequired: 'Please choose at least one event',
  tooMany: 'You can have at most 20 webhooks',
  disabledAfterFailures: 'Disabled after failing for 3 days. Fix the endpoint, then turn the webhook back on.',
} as const;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, webhookMessages.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, webhookMessages.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, webhookMessages.credentialsInUrl);

const webhookEvents = z
  .array(z.enum(webhookEventTypes, { error: 'Unknown event type' }))
  .min(1, webhookMessages.eventsRequired)
  .transform((events) => [...new Set(events)]);

export const createWebhookInput = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: z.string().trim().max(200, 'The description can be at most 200 characters').optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.strictObject({
  id: z.string().trim().min(1).max(64),
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: z.string().trim().max(200, 'The description can be at most 200 characters').optional(),
  /** Turning a webhook back on clears the failure that disabled it. */
  isActive: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookIdInput = z.strictObject({ id: z.string().trim().min(1).max(64) });
export const deliveriesInput = z.strictObject({
  webhookId: z.string().trim().min(1).max(64),
  limit: z.number().int().min(1).max(100).default(30),
});
export const redeliverInput = z.strictObject({ deliveryId: z.string().trim().min(1).max(64) });

export const webhookOutput = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  /** The HMAC-SHA256 key of `Cuepoint-Signature` (shown to the owner only). */
  secret: z.string(),
  isActive: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookOutput = z.infer<typeof webhookOutput>;

export const webhookAttemptOutput = z.object({
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliveryOutput = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  payload: z.string(),
  attempts: z.array(webhookAttemptOutput),
});
export type WebhookDeliveryOutput = z.infer<typeof webhookDeliveryOutput>;

/** The JSON body of every delivery. */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: unknown;
}
