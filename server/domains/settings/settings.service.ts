import { and, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { platformSettings } from '@db/schema/settings';
import type { AppConfig } from '@server/config';
import { fieldError } from '@server/platform/errors';
import { nowIso } from '@server/lib/ids';
import type { Services } from '@server/services';
import {
  settingGroups,
  settingsMessages,
  type SettingGroupId,
  type SettingsAnswer,
  type UpdateSettingsInput,
} from './settings.schemas';

type Value = string | boolean | null;
type GroupValues = Record<string, Value>;

/** Every setting in effect: the admin's value from the database, else the environment's (server/config.ts), else the built-in default. */
export interface EffectiveSettings {
  general: { siteName: string; creatorsNeedActivation: boolean; plansRequired: boolean };
  payments: { provider: 'local' | 'stripe'; stripePublishableKey: string | null; stripeSecretKey: string | null; stripeWebhookSecret: string | null };
  'bot-check': { provider: 'pow' | 'recaptcha' | 'off'; recaptchaSiteKey: string | null; recaptchaSecret: string | null };
  social: { googleClientId: string | null; appleClientId: string | null; appleClientSecret: string | null };
  email: { smtpUrl: string | null; mailFrom: string };
}

export const defaultSiteName = 'Cuepoint';

/** The defaults: environment variables where the config has them. */
export function environmentDefaults(config: AppConfig): { values: EffectiveSettings; fromEnvironment: Set<string> } {
  const values: EffectiveSettings = {
    general: { siteName: defaultSiteName, creatorsNeedActivation: true, plansRequired: false },
    payments: {
      provider: config.payments.provider,
      stripePublishableKey: config.payments.stripePublishableKey ?? null,
      stripeSecretKey: config.payments.stripeSecretKey ?? null,
      stripeWebhookSecret: config.payments.stripeWebhookSecret ?? null,
    },
    'bot-check': {
      provider: config.botCheck.provider,
      recaptchaSiteKey: config.botCheck.recaptchaSiteKey ?? null,
      recaptchaSecret: config.botCheck.recaptchaSecret ?? null,
    },
    social: { googleClientId: config.google.clientId ?? null, appleClientId: config.apple.clientId ?? null, appleClientSecret: config.apple.clientSecret ?? null },
    email: { smtpUrl: config.mail.smtpUrl ?? null, mailFrom: config.mail.from },
  };
  const fromEnvironment = new Set(['bot-check.provider', 'email.mailFrom', 'payments.provider']);
  for (const [group, key, present] of [
    ['payments', 'stripePublishableKey', config.payments.stripePublishableKey],
    ['payments', 'stripeSecretKey', config.payments.stripeSecretKey],
    ['payments', 'stripeWebhookSecret', config.payments.stripeWebhookSecret],
    ['bot-check', 'recaptchaSiteKey', config.botCheck.recaptchaSiteKey],
    ['bot-check', 'recaptchaSecret', config.botCheck.recaptchaSecret],
    ['social', 'googleClientId', config.google.clientId],
    ['social', 'appleClientId', config.apple.clientId],
    ['social', 'appleClientSecret', config.apple.clientSecret],
    ['email', 'smtpUrl', config.mail.smtpUrl],
  ] as const) {
    if (present) fromEnvironment.add(`${group}.${key}`);
  }
  return { values, fromEnvironment };
}

async function storedSettings(db: Db): Promise<Map<string, Value>> {
  const stored = new Map<string, Value>();
  for (const row of await db.select().from(platformSettings)) stored.set(`${row.group}.${row.key}`, row.value);
  return stored;
}

function merge(defaults: EffectiveSettings, stored: Map<string, Value>): EffectiveSettings {
  const merged = structuredClone(defaults) as unknown as Record<SettingGroupId, GroupValues>;
  for (const [path, value] of stored) {
    const [group, key] = path.split('.') as [SettingGroupId, string];
    if (merged[group] && key in merged[group]) merged[group][key] = value === '' ? null : value;
  }
  return merged as unknown as EffectiveSettings;
}

/**
 * The settings in effect right now (read on every call, so a change applies without a restart).
 * Secrets included: for server code only, never for an answer.
 */
export async function getEffectiveSettings(services: Pick<Services, 'db' | 'config'>): Promise<EffectiveSettings> {
  return merge(environmentDefaults(services.config).values, await storedSettings(services.db));
}

/** The site's name as the admin set it (mails, feeds, the manifest and page titles use it). */
export async function siteNameOf(services: Pick<Services, 'db' | 'config'>): Promise<string> {
  return (await getEffectiveSettings(services)).general.siteName;
}

/** The app's config with the admin's settings laid over it (bot check, social sign-in, mail, payments). */
export async function effectiveAppConfig(services: Pick<Services, 'db' | 'config'>): Promise<AppConfig> {
  return configWithSettings(services.config, await getEffectiveSettings(services));
}

/** `config` with `settings` laid over it (see `effectiveAppConfig`). */
function configWithSettings(config: AppConfig, settings: EffectiveSettings): AppConfig {
  const botCheck = settings['bot-check'];
  return {
    ...config,
    botCheck: { ...config.botCheck, provider: botCheck.provider, recaptchaSiteKey: botCheck.recaptchaSiteKey ?? undefined, recaptchaSecret: botCheck.recaptchaSecret ?? undefined },
    google: { ...config.google, clientId: settings.social.googleClientId ?? undefined },
    apple: { ...config.apple, clientId: settings.social.appleClientId ?? undefined, clientSecret: settings.social.appleClientSecret ?? undefined },
    mail: { smtpUrl: settings.email.smtpUrl ?? undefined, from: settings.email.mailFrom },
    payments: {
      ...config.payments,
      provider: settings.payments.provider,
      stripePublishableKey: settings.payments.stripePublishableKey ?? undefined,
      stripeSecretKey: settings.payments.stripeSecretKey ?? undefined,
      stripeWebhookSecret: settings.payments.stripeWebhookSecret ?? undefined,
    },
  };
}

/** How long the snapshot's settings are used before they are read again (changes saved by another instance). */
export const settingsSnapshotMaxAgeMs = 5_000;

/** The snapshots kept for each database, read again as soon as `updateSettings` saves a change there. */
const snapshots = new WeakMap<Db, Set<SettingsSnapshot>>();

/**
 * The settings in effect, held in memory for code that must answer synchronously (the live providers resolve their
 * provider inside a property read, which cannot wait for the database). Read when loaded, read again right after
 * every change `updateSettings` saves on the same database (so an admin's change applies on the next call), and read
 * again in the background once older than `settingsSnapshotMaxAgeMs` (a change saved by another instance sharing
 * the database applies within about that long).
 */
export class SettingsSnapshot {
  private readAt = performance.now();
  private readsStarted = 0;
  private newestRead = 0;
  private backgroundRead: Promise<void> | null = null;

  private constructor(
    private readonly services: Pick<Services, 'db' | 'config'>,
    private settings: EffectiveSettings,
    private readonly onReadError: (error: unknown) => void,
  ) {}

  static async load(services: Pick<Services, 'db' | 'config'>, onReadError: (error: unknown) => void): Promise<SettingsSnapshot> {
    const snapshot = new SettingsSnapshot(services, await getEffectiveSettings(services), onReadError);
    let kept = snapshots.get(services.db);
    if (!kept) snapshots.set(services.db, (kept = new Set()));
    kept.add(snapshot);
    return snapshot;
  }

  /** The settings as last read; one older than the maximum age is read again in the background. */
  current(): EffectiveSettings {
    if (!this.backgroundRead && performance.now() - this.readAt >= settingsSnapshotMaxAgeMs) {
      this.backgroundRead = this.refresh()
        .catch(this.onReadError)
        .finally(() => {
          this.backgroundRead = null;
        });
    }
    return this.settings;
  }

  /** The app's config with the current settings laid over it (as `effectiveAppConfig`). */
  appConfig(): AppConfig {
    return configWithSettings(this.services.config, this.current());
  }

  /** Reads the settings again; a read that started earlier never replaces what a later one found. */
  async refresh(): Promise<void> {
    const read = ++this.readsStarted;
    const settings = await getEffectiveSettings(this.services);
    if (read < this.newestRead) return;
    this.newestRead = read;
    this.settings = settings;
    this.readAt = performance.now();
  }
}

/** Enough of a secret to recognise it (its last four characters when it is long), never enough to use it. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `••••••••${secret.slice(-4)}` : '••••••••';
}

export async function settingsForAdmin(services: Pick<Services, 'db' | 'config'>): Promise<SettingsAnswer> {
  const { values: defaults, fromEnvironment } = environmentDefaults(services.config);
  const stored = await storedSettings(services.db);
  const effective = merge(defaults, stored) as unknown as Record<SettingGroupId, GroupValues>;
  return {
    groups: settingGroups.map((group) => ({
      id: group.id,
      title: group.title,
      description: group.description,
      fields: group.fields.map((field) => {
        const path = `${group.id}.${field.key}`;
        const value = effective[group.id][field.key] ?? null;
        const isSecret = field.kind === 'secret';
        return {
          key: field.key,
          label: field.label,
          kind: field.kind,
          ...(field.options ? { options: [...field.options] } : {}),
          ...(field.help ? { help: field.help } : {}),
          value: isSecret ? null : value,
          isSet: value !== null && value !== '',
          masked: isSecret && typeof value === 'string' && value ? maskSecret(value) : null,
          source: stored.has(path) ? ('database' as const) : fromEnvironment.has(path) ? ('environment' as const) : ('default' as const),
        };
      }),
    })),
  };
}

/** Checks that the group still works as a whole once the change is applied (e.g. reCAPTCHA without its secret). */
function assertUsable(group: SettingGroupId, settings: EffectiveSettings): void {
  if (group === 'bot-check') {
    const botCheck = settings['bot-check'];
    if (botCheck.provider === 'recaptcha' && (!botCheck.recaptchaSiteKey || !botCheck.recaptchaSecret)) {
      throw fieldError('BAD_REQUEST', settingsMessages.recaptchaNeedsKeys, { provider: settingsMessages.recaptchaNeedsKeys });
    }
  }
  if (group === 'payments') {
    const payments = settings.payments;
    if (payments.provider === 'stripe' && (!payments.stripePublishableKey || !payments.stripeSecretKey)) {
      throw fieldError('BAD_REQUEST', settingsMessages.stripeNeedsKeys, { provider: settingsMessages.stripeNeedsKeys });
    }
  }
}

/** Saves one group: a value is stored, null removes the stored value (back to the environment's), absent keys stay. */
export async function updateSettings(services: Pick<Services, 'db' | 'config'>, actorId: string, input: UpdateSettingsInput): Promise<SettingsAnswer> {
  const { db } = services;
  const entries = Object.entries(input.values as GroupValues).filter(([, value]) => value !== undefined);
  // One transaction: the group is checked as a whole against the values stored when the change is saved.
  await db.transaction(async (tx) => {
    const stored = await storedSettings(db);
    for (const [key, value] of entries) {
      const path = `${input.group}.${key}`;
      if (value === null) stored.delete(path);
      else stored.set(path, value);
    }
    assertUsable(input.group, merge(environmentDefaults(services.config).values, stored));
    for (const [key, value] of entries) {
      const where = and(eq(platformSettings.group, input.group), eq(platformSettings.key, key));
      if (value === null) {
        await tx.delete(platformSettings).where(where);
        continue;
      }
      await tx
        .insert(platformSettings)
        .values({ group: input.group, key, value, updatedBy: actorId, updatedAt: nowIso() })
        .onConflictDoUpdate({ target: [platformSettings.group, platformSettings.key], set: { value, updatedBy: actorId, updatedAt: nowIso() } });
    }
  });
  // The live providers follow at once.
  await Promise.all([...(snapshots.get(db) ?? [])].map((snapshot) => snapshot.refresh()));
  return settingsForAdmin(services);
}
