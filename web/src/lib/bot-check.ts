import { solveChallenge } from 'altcha-lib/v1';
import { msg } from '@lingui/core/macro';
import type { PublicConfig } from '@server/domains/system/system.schemas';
import { i18n } from './i18n/i18n';
import { guestTrpc } from './trpc';

/** The bot check's failures, shown by the registration forms in the reader's language. */
const botCheckTexts = {
  notLoaded: msg`The bot check could not be loaded`,
  notConfigured: msg`The bot check is not configured`,
  notSolved: msg`The bot check could not be solved`,
};

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

const recaptchaScriptId = 'cuepoint-recaptcha';

export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const grecaptcha = () => (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
  return new Promise((resolve, reject) => {
    const ready = () => {
      const instance = grecaptcha();
      if (instance) instance.ready(() => resolve(instance));
      else reject(new Error(i18n._(botCheckTexts.notLoaded)));
    };
    if (document.getElementById(recaptchaScriptId)) return ready();
    const script = document.createElement('script');
    script.id = recaptchaScriptId;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error(i18n._(botCheckTexts.notLoaded)));
    document.head.appendChild(script);
  });
}

/** Removes reCAPTCHA's badge and script (after a successful registration and when leaving the page). */
export function removeRecaptcha() {
  document.getElementById(recaptchaScriptId)?.remove();
  document.querySelectorAll('.grecaptcha-badge').forEach((badge) => badge.parentElement?.remove());
}

/**
 * One bot-check token for one registration submit (the demo register pages solve it on submit):
 * proof-of-work solved in the browser, a reCAPTCHA v3 token for action "submit", or none when the check is off.
 */
export async function botCheckToken(config: PublicConfig['botCheck']): Promise<string | undefined> {
  if (config.provider === 'off') return undefined;
  if (config.provider === 'recaptcha') {
    if (!config.siteKey) throw new Error(i18n._(botCheckTexts.notConfigured));
    const recaptcha = await loadRecaptcha(config.siteKey);
    return recaptcha.execute(config.siteKey, { action: 'submit' });
  }
  return solvePow();
}

/** Solves an ALTCHA-style proof-of-work challenge in the browser (WebCrypto) and encodes the payload the server verifies. */
export async function solvePow(): Promise<string> {
  const challenge = await guestTrpc.users.botCheckChallenge.query().catch(() => {
    throw new Error(i18n._(botCheckTexts.notLoaded));
  });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error(i18n._(botCheckTexts.notSolved));
  return btoa(
    JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }),
  );
}
