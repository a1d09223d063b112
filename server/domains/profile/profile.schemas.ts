import { z } from 'zod';

export const profileMessages = {
  streamValue: 'Please enter an http(s) URL',
  httpsStream: 'Use an https:// stream URL',
  min1: 'Min character length is 1',
  tooLong: 'This value is too long',
  saved: 'Profile saved',
  avatarSaved: 'Profile picture updated',
  noticesOn: 'You will get a mail for each new tip, ticket or member',
  noticesOff: 'No more mails about new tips and tickets',
  creatorOnly: 'The description, stream source and mail notices are for creators',
} as const;

/** The profile fields only a creator (or admin) has: staff and `user` accounts edit their names and photo only. */
export const creatorOnlyProfileFields = ['description', 'streamValue', 'notifyNewPayments'] as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

export const profileUpdateInput = z.strictObject({
  displayName: z.string().trim().min(1, profileMessages.min1).max(80, profileMessages.tooLong).optional(),
  firstName: z.string().trim().min(1, profileMessages.min1).max(80, profileMessages.tooLong).optional(),
  lastName: z.string().trim().min(1, profileMessages.min1).max(80, profileMessages.tooLong).optional(),
  description: z.string().trim().max(2000, profileMessages.tooLong).optional(),
  /** Where the creator streams from (an HLS, YouTube, Twitch or Vimeo URL); empty or null clears it. */
  streamValue: z
    .string()
    .trim()
    .max(2048, profileMessages.tooLong)
    .refine((value) => value === '' || isHttpUrl(value), profileMessages.streamValue)
    .nullable()
    .optional(),
  /** Mail me a notice of each new tip, ticket or member (payers' receipts are always sent). */
  notifyNewPayments: z.boolean().optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

export const profile = z.object({
  id: z.string(),
  /** Whether the account has the creator fields (description, stream source, creator tag, mail notices): admin and dj. */
  isCreator: z.boolean(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  streamValue: z.string().nullable(),
  /** Read-only: set at registration. */
  creatorTag: z.string().nullable(),
  /** The public event page (`/events/{creatorTag}`), when the account has a creator tag. */
  eventPagePath: z.string().nullable(),
  /** Whether the creator gets the "new tip / new ticket" notice mail. */
  notifyNewPayments: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

/** The plan status the Subscriptions tab shows until subscriptions are bought on this server. */
export const planStatus = z.object({
  accountActive: z.boolean(),
  openInvoices: z.array(z.object({ id: z.string(), amountCents: z.number().int(), createdAt: z.string() })),
});
export type PlanStatus = z.infer<typeof planStatus>;
