import { z } from 'zod';

/** Platform settings an admin edits at /apps/settings/{settingId}; each group is one settingId. */
export const settingGroupIds = ['general', 'payments', 'bot-check', 'social', 'email'] as const;
export type SettingGroupId = (typeof settingGroupIds)[number];

export type SettingKind = 'text' | 'boolean' | 'select' | 'secret';

export interface SettingField {
  key: string;
  label: string;
  kind: SettingKind;
  options?: readonly string[];
  help?: string;
}

export interface SettingGroup {
  id: SettingGroupId;
  title: string;
  description: string;
  fields: readonly SettingField[];
}

export const settingsMessages = {
  recaptchaNeedsKeys: 'reCAPTCHA needs a site key and a secret key',
  stripeNeedsKeys: 'Stripe needs a publishable key and a secret key',
  smtpUrl: 'Please enter an smtp:// or smtps:// URL',
  tooLong: 'This value is too long',
  min1: 'Min character length is 1',
  saved: 'Settings saved',
} as const;

export const paymentProviders = ['local', 'stripe'] as const;
export const botCheckProviders = ['pow', 'recaptcha', 'off'] as const;

export const settingGroups: readonly SettingGroup[] = [
  {
    id: 'general',
    title: 'General',
    description: 'The site name shown in the app, whether new creators wait for an admin before they can sign in, and whether features require a plan.',
    fields: [
      { key: 'siteName', label: 'Site name', kind: 'text' },
      { key: 'creatorsNeedActivation', label: 'New creators need admin activation', kind: 'boolean', help: 'When off, a creator who registers can sign in at once.' },
      {
        key: 'plansRequired',
        label: 'Features require a plan',
        kind: 'boolean',
        help: 'When on, creating events and going live need the Live Stream plan, audio and video podcast titles the Podcast and Podcast Video plans (each add-on allows one more title). Admins are never limited; grant a complimentary plan on a user’s page.',
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    description: 'The card payment provider. "local" simulates test cards offline; Stripe needs its keys.',
    fields: [
      { key: 'provider', label: 'Provider', kind: 'select', options: paymentProviders },
      { key: 'stripePublishableKey', label: 'Stripe publishable key', kind: 'text' },
      { key: 'stripeSecretKey', label: 'Stripe secret key', kind: 'secret' },
      { key: 'stripeWebhookSecret', label: 'Stripe webhook signing secret', kind: 'secret' },
    ],
  },
  {
    id: 'bot-check',
    title: 'Bot check',
    description: 'How registration proves a person is not a bot: a local proof of work, Google reCAPTCHA, or off.',
    fields: [
      { key: 'provider', label: 'Provider', kind: 'select', options: botCheckProviders },
      { key: 'recaptchaSiteKey', label: 'reCAPTCHA site key', kind: 'text' },
      { key: 'recaptchaSecret', label: 'reCAPTCHA secret key', kind: 'secret' },
    ],
  },
  {
    id: 'social',
    title: 'Social sign-in',
    description: 'Client ids of the Google and Apple sign-in buttons. A button shows only when its provider is configured.',
    fields: [
      { key: 'googleClientId', label: 'Google client id', kind: 'text' },
      { key: 'appleClientId', label: 'Apple client id (services id)', kind: 'text' },
      { key: 'appleClientSecret', label: 'Apple client secret', kind: 'secret' },
    ],
  },
  {
    id: 'email',
    title: 'Email',
    description: 'Outgoing mail. Without an SMTP URL, mails are written to the outbox folder in the data directory.',
    fields: [
      { key: 'smtpUrl', label: 'SMTP URL', kind: 'secret', help: 'smtp://user:password@host:587 or smtps://…' },
      { key: 'mailFrom', label: 'From address', kind: 'text' },
    ],
  },
];

/** A text setting: a string sets it, null goes back to the environment's default, absent leaves it. */
const text = (max = 500) => z.string().trim().max(max, settingsMessages.tooLong).nullable().optional();
/** A secret: the same, and never sent back (the browser only learns whether it is set). */
const secret = z.string().trim().min(1, settingsMessages.min1).max(2000, settingsMessages.tooLong).nullable().optional();

export const groupValues = {
  general: z.strictObject({
    siteName: z.string().trim().min(1, settingsMessages.min1).max(60, settingsMessages.tooLong).nullable().optional(),
    creatorsNeedActivation: z.boolean().nullable().optional(),
    plansRequired: z.boolean().nullable().optional(),
  }),
  payments: z.strictObject({
    provider: z.enum(paymentProviders).nullable().optional(),
    stripePublishableKey: text(),
    stripeSecretKey: secret,
    stripeWebhookSecret: secret,
  }),
  'bot-check': z.strictObject({
    provider: z.enum(botCheckProviders).nullable().optional(),
    recaptchaSiteKey: text(),
    recaptchaSecret: secret,
  }),
  social: z.strictObject({
    googleClientId: text(),
    appleClientId: text(),
    appleClientSecret: secret,
  }),
  email: z.strictObject({
    smtpUrl: secret.refine((value) => value == null || /^smtps?:\/\/[^\s]+$/i.test(value), settingsMessages.smtpUrl),
    mailFrom: text(200),
  }),
} as const;

export const updateSettingsInput = z.discriminatedUnion('group', [
  z.strictObject({ group: z.literal('general'), values: groupValues.general }),
  z.strictObject({ group: z.literal('payments'), values: groupValues.payments }),
  z.strictObject({ group: z.literal('bot-check'), values: groupValues['bot-check'] }),
  z.strictObject({ group: z.literal('social'), values: groupValues.social }),
  z.strictObject({ group: z.literal('email'), values: groupValues.email }),
]);
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;

export const settingValueSources = ['database', 'environment', 'default'] as const;

export const settingsAnswer = z.object({
  groups: z.array(
    z.object({
      id: z.enum(settingGroupIds),
      title: z.string(),
      description: z.string(),
      fields: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          kind: z.enum(['text', 'boolean', 'select', 'secret']),
          options: z.array(z.string()).optional(),
          help: z.string().optional(),
          /** The effective value; always null for a secret. */
          value: z.union([z.string(), z.boolean()]).nullable(),
          /** For a secret: whether one is in effect, and a masked hint of it. */
          isSet: z.boolean(),
          masked: z.string().nullable(),
          source: z.enum(settingValueSources),
        }),
      ),
    }),
  ),
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;

export const publicSiteAnswer = z.object({ siteName: z.string() });
