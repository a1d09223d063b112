import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { settingsMessages, type SettingGroupId } from '@server/domains/settings/settings.schemas';
import { i18n } from '@web/lib/i18n/i18n';
import { validationText } from '@web/lib/i18n/validation-texts';

/**
 * The settings page's own words in the reader's language. The server's answer (settings.schemas.ts `settingGroups`)
 * carries them in English; the page looks each one up here by group id or setting key, and shows the answer's English
 * for one this table lacks (tests/unit/settings-texts.test.ts keeps the table complete).
 */
interface GroupTexts {
  title: MessageDescriptor;
  description: MessageDescriptor;
  /** The group's save button. */
  save: MessageDescriptor;
}

export const settingGroupTexts: Record<SettingGroupId, GroupTexts> = {
  general: {
    title: msg`General`,
    description: msg`The site name shown in the app, whether new creators wait for an admin before they can sign in, and whether features require a plan.`,
    save: msg`Save general`,
  },
  payments: {
    title: msg`Payments`,
    description: msg`The card payment provider. "local" simulates test cards offline; Stripe needs its keys.`,
    save: msg`Save payments`,
  },
  'bot-check': {
    title: msg`Bot check`,
    description: msg`How registration proves a person is not a bot: a local proof of work, Google reCAPTCHA, or off.`,
    save: msg`Save bot check`,
  },
  social: {
    title: msg`Social sign-in`,
    description: msg`Client ids of the Google and Apple sign-in buttons. A button shows only when its provider is configured.`,
    save: msg`Save social sign-in`,
  },
  email: {
    title: msg`Email`,
    description: msg`Outgoing mail. Without an SMTP URL, mails are written to the outbox folder in the data directory.`,
    save: msg`Save email`,
  },
};

interface FieldTexts {
  label: MessageDescriptor;
  help?: MessageDescriptor;
}

/** By setting key (a key two groups share, such as `provider`, has one label). */
export const settingFieldTexts: Readonly<Record<string, FieldTexts>> = {
  siteName: { label: msg`Site name` },
  creatorsNeedActivation: { label: msg`New creators need admin activation`, help: msg`When off, a creator who registers can sign in at once.` },
  plansRequired: {
    label: msg`Features require a plan`,
    help: msg`When on, creating events and going live need the Live Stream plan, audio and video podcast titles the Podcast and Podcast Video plans (each add-on allows one more title). Admins are never limited; grant a complimentary plan on a user’s page.`,
  },
  provider: { label: msg`Provider` },
  stripePublishableKey: { label: msg`Stripe publishable key` },
  stripeSecretKey: { label: msg`Stripe secret key` },
  stripeWebhookSecret: { label: msg`Stripe webhook signing secret` },
  recaptchaSiteKey: { label: msg`reCAPTCHA site key` },
  recaptchaSecret: { label: msg`reCAPTCHA secret key` },
  googleClientId: { label: msg`Google client id` },
  appleClientId: { label: msg`Apple client id (services id)` },
  appleClientSecret: { label: msg`Apple client secret` },
  smtpUrl: { label: msg`SMTP URL`, help: msg`smtp://user:password@host:587 or smtps://…` },
  mailFrom: { label: msg`From address` },
};

interface GroupLike {
  id: string;
  title: string;
  description: string;
}

interface FieldLike {
  key: string;
  label: string;
  help?: string | undefined;
}

const groupTextsOf = (group: GroupLike): GroupTexts | undefined => (Object.hasOwn(settingGroupTexts, group.id) ? settingGroupTexts[group.id as SettingGroupId] : undefined);
const fieldTextsOf = (field: FieldLike): FieldTexts | undefined => (Object.hasOwn(settingFieldTexts, field.key) ? settingFieldTexts[field.key] : undefined);

export function settingGroupTitle(group: GroupLike): string {
  const texts = groupTextsOf(group);
  return texts ? i18n._(texts.title) : group.title;
}

export function settingGroupDescription(group: GroupLike): string {
  const texts = groupTextsOf(group);
  return texts ? i18n._(texts.description) : group.description;
}

export function settingSaveLabel(group: GroupLike): string {
  const texts = groupTextsOf(group);
  if (texts) return i18n._(texts.save);
  const groupTitle = group.title.toLowerCase();
  return i18n._(msg`Save ${groupTitle}`);
}

export function settingLabel(field: FieldLike): string {
  const texts = fieldTextsOf(field);
  return texts ? i18n._(texts.label) : field.label;
}

/** The help the answer carries for the field, in the reader's language; none when the answer has none. */
export function settingHelp(field: FieldLike): string | undefined {
  if (!field.help) return undefined;
  const help = fieldTextsOf(field)?.help;
  return help ? i18n._(help) : field.help;
}

const errorTexts = new Map<string, MessageDescriptor>([
  [settingsMessages.recaptchaNeedsKeys, msg`reCAPTCHA needs a site key and a secret key`],
  [settingsMessages.stripeNeedsKeys, msg`Stripe needs a publishable key and a secret key`],
  [settingsMessages.smtpUrl, msg`Please enter an smtp:// or smtps:// URL`],
]);

/** A refusal of the settings schema under its field, in the reader's language (the server answers these in English). */
export function settingErrorText(message: string | undefined): string | undefined {
  const descriptor = message === undefined ? undefined : errorTexts.get(message);
  return descriptor ? i18n._(descriptor) : validationText(message);
}

/**
 * A select's choices (the providers' configuration values, `PAYMENT_PROVIDER`, `BOT_CHECK_PROVIDER`) in the reader's
 * language; brand names (Stripe, reCAPTCHA) and a value this table lacks show as they are.
 */
const optionTexts: Readonly<Record<string, MessageDescriptor>> = {
  off: msg`Off`,
  pow: msg`Proof of work (built in)`,
  local: msg`Local (test cards)`,
};
const optionBrands: Readonly<Record<string, string>> = { stripe: 'Stripe', recaptcha: 'reCAPTCHA' };

export function settingOptionLabel(option: string): string {
  const texts = optionTexts[option];
  return texts ? i18n._(texts) : (optionBrands[option] ?? option);
}
