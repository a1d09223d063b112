import type { BotCheckProvider } from './interface';

/** For local development and tests only: every token passes. */
export class DisabledBotCheck implements BotCheckProvider {
  readonly publicConfig = { provider: 'off' as const };

  async verify() {
    return { success: true, score: 1, action: 'submit', 'error-codes': [] };
  }
}
