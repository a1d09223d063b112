import type { AppConfig } from '@server/config';
import type { OnceStore } from '@server/platform/bus-once';
import type { BotCheckProvider } from './interface';
import { DisabledBotCheck } from './off';
import { ProofOfWorkBotCheck } from './pow';
import { RecaptchaBotCheck } from './recaptcha';

/** `once` records spent proof-of-work solutions (shared by every instance with Redis). */
export function createBotCheck(config: AppConfig, secret: string, once: OnceStore): BotCheckProvider {
  switch (config.botCheck.provider) {
    case 'off':
      return new DisabledBotCheck();
    case 'recaptcha':
      if (!config.botCheck.recaptchaSecret) throw new Error('BOT_CHECK_PROVIDER=recaptcha needs RECAPTCHA_SECRET');
      return new RecaptchaBotCheck(config.botCheck.recaptchaSecret, config.botCheck.recaptchaVerifyUrl, config.botCheck.recaptchaSiteKey);
    case 'pow':
      return new ProofOfWorkBotCheck(`${secret}:bot-check`, once);
  }
}
