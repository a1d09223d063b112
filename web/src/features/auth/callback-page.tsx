import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { failureMessage } from '@web/components/error-message';
import { Spinner } from '@web/components/spinner';
import { alive } from '@web/lib/trpc';
import { AuthCard } from './auth-card';
import { useCompleteLogin } from './use-complete-login';

export const callbackTexts = {
  loggingIn: msg`Logging in with the external identity service…`,
  loggedIn: msg`Logged in with the external identity service.`,
  noResult: msg`No sign-in result was received from the external identity service.`,
  failed: msg`Error, please try again.`,
} as const;

/** Reads the handed-back token and removes it from the address bar and history at once (it must not linger in URLs). */
function takeTokenFromLocation(): string | null {
  const token =
    new URLSearchParams(window.location.search).get('token') ?? new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** External-login callback: a token handed back in the query or fragment is validated with alive, then the user goes on. */
export default function CallbackPage() {
  const [, navigate] = useLocation();
  const { t, i18n } = useLingui();
  const complete = useCompleteLogin();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');
  // The server's own words, or one of ours (translated as it renders, so a language switch applies to it too).
  const [message, setMessage] = useState<string | MessageDescriptor>('');
  useEffect(() => {
    const token = takeTokenFromLocation();
    if (!token) {
      setState('failed');
      setMessage(callbackTexts.noResult);
      return;
    }
    let cancelled = false;
    alive(token)
      .then((answer) => {
        if (cancelled) return;
        setState('done');
        setTimeout(() => complete(answer), 800);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState('failed');
        setMessage(failureMessage(error, '') || callbackTexts.failed);
      });
    return () => {
      cancelled = true;
    };
  }, [complete]);
  return (
    <AuthCard title={t`Signing in`}>
      <div role="status" className="space-y-4 text-slate-700">
        {state === 'pending' && (
          <>
            <Spinner />
            <p>{i18n._(callbackTexts.loggingIn)}</p>
          </>
        )}
        {state === 'done' && <p>{i18n._(callbackTexts.loggedIn)}</p>}
        {state === 'failed' && (
          <>
            <p className="text-red-600">{typeof message === 'string' ? message : i18n._(message)}</p>
            <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => navigate('/login')}>
              <Trans>Back to login</Trans>
            </button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
