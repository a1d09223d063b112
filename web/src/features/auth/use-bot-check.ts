import { useCallback, useEffect, useRef, useState } from 'react';
import { solveChallenge } from 'altcha-lib/v1';
import { api } from '@web/lib/api';
import { trpc } from '@web/lib/trpc';

type BotCheckState = 'loading' | 'ready' | 'error' | 'off';

interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const recaptchaScriptId = 'cuepoint-recaptcha';

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const ready = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new Error('reCAPTCHA did not load')));
    if (document.getElementById(recaptchaScriptId)) return ready();
    const script = document.createElement('script');
    script.id = recaptchaScriptId;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  });
}

/** Removes reCAPTCHA's floating badge and script (on success and when leaving the page). */
function removeRecaptcha() {
  document.getElementById(recaptchaScriptId)?.remove();
  document.querySelectorAll('.grecaptcha-badge').forEach((badge) => badge.parentElement?.remove());
}

/** Solves an ALTCHA-style proof-of-work challenge in the browser (WebCrypto) and encodes the payload. */
async function solvePow(signal: { cancelled: boolean }): Promise<string> {
  const challenge = await api<PowChallenge>('/api/user/bot-check/challenge', { token: null });
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (signal.cancelled) throw new Error('cancelled');
  if (!solution) throw new Error('The bot check could not be solved');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return btoa(JSON.stringify(payload));
}

/**
 * The registration bot check. `ready` is true once the check has loaded (pow: solved; recaptcha: script ready; off: at once).
 * `takeToken()` hands the token for one submit; pow tokens are single use, so a new challenge is solved afterwards.
 */
export function useBotCheck() {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Infinity });
  const provider = config.data?.botCheck.provider;
  const siteKey = config.data?.botCheck.siteKey;
  const [state, setState] = useState<BotCheckState>('loading');
  const [powToken, setPowToken] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [hidden, setHidden] = useState(false);
  const recaptcha = useRef<Grecaptcha | null>(null);

  useEffect(() => {
    if (config.isError) setState('error');
    if (!provider) return;
    if (provider === 'off') return setState('off');
    const signal = { cancelled: false };
    setState('loading');
    if (provider === 'pow') {
      setPowToken(null);
      solvePow(signal)
        .then((token) => {
          if (signal.cancelled) return;
          setPowToken(token);
          setState('ready');
        })
        .catch(() => !signal.cancelled && setState('error'));
    } else if (siteKey) {
      loadRecaptcha(siteKey)
        .then((instance) => {
          if (signal.cancelled) return;
          recaptcha.current = instance;
          setState('ready');
        })
        .catch(() => !signal.cancelled && setState('error'));
    } else {
      setState('error');
    }
    return () => {
      signal.cancelled = true;
    };
  }, [provider, siteKey, generation, config.isError]);

  useEffect(() => () => removeRecaptcha(), []);

  const takeToken = useCallback(async (): Promise<string | undefined> => {
    if (provider === 'off') return undefined;
    if (provider === 'pow') {
      const token = powToken;
      setGeneration((value) => value + 1);
      return token ?? undefined;
    }
    if (provider === 'recaptcha' && recaptcha.current && siteKey) return recaptcha.current.execute(siteKey, { action: 'submit' });
    return undefined;
  }, [provider, powToken, siteKey]);

  /** After a successful registration the badge goes away. */
  const complete = useCallback(() => {
    setHidden(true);
    removeRecaptcha();
  }, []);

  const retry = useCallback(() => setGeneration((value) => value + 1), []);

  return { provider, state, ready: state === 'ready' || state === 'off', takeToken, complete, retry, hidden };
}

export type BotCheck = ReturnType<typeof useBotCheck>;
