import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import type { OnceStore } from '@server/platform/bus-once';
import { createBotCheck } from '@server/providers/bot-check';
import type { BotCheckProvider } from '@server/providers/bot-check/interface';
import { createIdentityProviders } from '@server/providers/identity';
import type { IdentityProviders } from '@server/providers/identity/interface';
import { createMailer } from '@server/providers/mail';
import type { Mailer } from '@server/providers/mail/interface';
import { SettingsSnapshot } from './settings.service';

/**
 * An object that forwards every property to the provider built for the settings in effect, rebuilding it
 * only when the settings it depends on change. So an admin's change applies on the next call, no restart.
 */
function liveProvider<T extends object>(settingsKey: () => string, build: () => T): T {
  let key = settingsKey();
  let current = build();
  const resolve = () => {
    const next = settingsKey();
    if (next !== key) {
      current = build();
      key = next;
    }
    return current;
  };
  return new Proxy({} as T, {
    get(_target, property) {
      const provider = resolve();
      const value = Reflect.get(provider, property, provider) as unknown;
      return typeof value === 'function' ? value.bind(provider) : value;
    },
    has(_target, property) {
      return Reflect.has(resolve(), property);
    },
  });
}

/**
 * The bot-check, identity and mail providers, following the platform settings (environment values as defaults).
 * A proxy resolves its provider synchronously, so the settings come from a snapshot (see `SettingsSnapshot`);
 * `currentConfig` gives the same config to other live providers (payments).
 */
export async function createLiveProviders(db: Db, config: AppConfig, secret: string, log: FastifyBaseLogger, once: OnceStore) {
  const settings = await SettingsSnapshot.load({ db, config }, (error) => log.error({ err: error }, 'the platform settings could not be read'));
  const current = () => settings.appConfig();
  return {
    currentConfig: current,
    botCheck: liveProvider<BotCheckProvider>(
      () => JSON.stringify(current().botCheck),
      () => createBotCheck(current(), secret, once),
    ),
    identity: liveProvider<IdentityProviders>(
      () => JSON.stringify([current().google, current().apple]),
      () => createIdentityProviders(current()),
    ),
    mailer: liveProvider<Mailer>(
      () => JSON.stringify(current().mail),
      () => createMailer(current(), log),
    ),
  };
}
