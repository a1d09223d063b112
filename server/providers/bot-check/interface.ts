import type { BotCheckVerdict } from '@common/bot-check';

export interface BotCheckPublicConfig {
  provider: 'pow' | 'recaptcha' | 'off';
  /** reCAPTCHA site key, when that provider is in use. */
  siteKey?: string;
}

export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export interface BotCheckProvider {
  readonly publicConfig: BotCheckPublicConfig;
  /** Only the proof-of-work provider hands out challenges. */
  createChallenge?(): Promise<PowChallenge>;
  /** Verifies a token once; a verified token cannot be used again. */
  verify(token: string, remoteIp?: string): Promise<BotCheckVerdict>;
}

/** Spec: the account is created only when the check succeeds with a score above 0.5 for action "submit". */
export const botCheckThreshold = 0.5;
export const botCheckAction = 'submit';

export function passesBotCheck(verdict: BotCheckVerdict): boolean {
  return verdict.success && verdict.score > botCheckThreshold && verdict.action === botCheckAction;
}
