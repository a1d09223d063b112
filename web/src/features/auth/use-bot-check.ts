import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '@web/lib/trpc';
import { loadRecaptcha, removeRecaptcha, solvePow, type Grecaptcha } from '@web/lib/bot-check';

type BotCheckState = 'loading' | 'ready' | 'error' | 'off';

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
      solvePow()
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
