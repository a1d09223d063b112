import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Apple } from 'lucide-react';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { Tooltip } from '@web/components/tooltip';
import { api, ApiError } from '@web/lib/api';
import { toastError } from '@web/lib/lazy-toast';
import { alive } from '@web/lib/session-actions';
import { trpc } from '@web/lib/trpc';

export const socialMessages = {
  cancelled: 'Cancelled login',
  googleNotConfigured: 'Google sign-in is not configured',
  appleNotConfigured: 'Apple sign-in is not configured',
} as const;

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

function loadGoogleScript(): Promise<GoogleId> {
  return new Promise((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google.accounts.id);
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('Google sign-in did not load')));
    script.onerror = () => reject(new Error('Google sign-in did not load'));
    document.head.appendChild(script);
  });
}

function GoogleButton({ clientId, onSession }: { clientId: string; onSession(answer: SessionAnswer): void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    loadGoogleScript()
      .then((googleId) => {
        if (cancelled || !container.current) return;
        googleId.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            api<SessionAnswer>('/api/user/google', { body: { tokenId: credential }, token: null })
              .then(onSession)
              .catch((error: unknown) => {
                if (error instanceof ApiError && error.status === 403) toastError(error.message);
                else if (error instanceof ApiError) toastError(`${error.status}: ${error.message}`);
                else toastError('Google sign-in failed');
              });
          },
        });
        googleId.renderButton(container.current, { theme: 'outline', size: 'large', text: 'signin_with', width: 320 });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, onSession]);
  if (failed) return <p className="text-center text-sm text-red-600">Google sign-in could not load.</p>;
  return <div ref={container} className="flex min-h-10 justify-center" aria-label="Sign in with Google" />;
}

interface AppleMessage {
  token?: string;
  role?: string[] | string;
  displayName?: string;
  email?: string;
  hasUnpaidInvoices?: string;
  cancelled?: boolean;
  error?: string;
}

function openApplePopup(onSession: (answer: SessionAnswer) => void) {
  const width = 800;
  const height = 700;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  const url = `/api/user/apple?host=${encodeURIComponent(window.location.origin)}`;
  const popup = window.open(url, 'cuepoint-apple-login', `width=${width},height=${height},left=${left},top=${top}`);
  let settled = false;
  const finish = () => {
    settled = true;
    window.removeEventListener('message', onMessage);
    window.clearInterval(watcher);
  };
  const onMessage = (event: MessageEvent<AppleMessage>) => {
    if (event.origin !== window.location.origin || !event.data || typeof event.data !== 'object') return;
    const data = event.data;
    if (!('token' in data) && !('cancelled' in data) && !('error' in data)) return;
    finish();
    if (data.token) {
      // The popup answers token, role, displayName, email, hasUnpaidInvoices; alive gives the full user.
      alive(data.token)
        .then(onSession)
        .catch(() => toastError('Error, please try again.'));
    } else if (data.cancelled) {
      toastError(socialMessages.cancelled);
    } else {
      toastError(data.error ?? socialMessages.cancelled);
    }
  };
  const watcher = window.setInterval(() => {
    if (popup && popup.closed && !settled) {
      finish();
      toastError(socialMessages.cancelled);
    }
  }, 500);
  window.addEventListener('message', onMessage);
  if (!popup) {
    finish();
    toastError(socialMessages.cancelled);
  }
}

/** A sign-in button for a provider this server has not set up: disabled, saying why (tooltip and screen readers). */
function NotConfiguredButton({ reason, children }: { reason: string; children: ReactNode }) {
  const reasonId = useId();
  return (
    <Tooltip content={reason}>
      <span className="block" tabIndex={0}>
        <Button variant="secondary" className="w-full" disabled aria-describedby={reasonId}>
          {children}
        </Button>
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}

/** "Sign in with Google" (Google Identity Services when configured) and "Log in with Apple" (800×700 popup). */
export function SocialSignIn({ onSession }: { onSession(answer: SessionAnswer): void }) {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Infinity });
  const googleClientId = config.data?.googleClientId ?? null;
  const appleEnabled = config.data?.appleEnabled ?? false;
  return (
    <div className="space-y-3">
      {googleClientId ? (
        <GoogleButton clientId={googleClientId} onSession={onSession} />
      ) : (
        <NotConfiguredButton reason={socialMessages.googleNotConfigured}>
          <span className="font-bold text-[#4285F4]">G</span> Sign in with Google
        </NotConfiguredButton>
      )}
      {appleEnabled ? (
        <Button variant="secondary" className="w-full" onClick={() => openApplePopup(onSession)}>
          <Apple className="size-4" aria-hidden /> Log in with Apple
        </Button>
      ) : (
        <NotConfiguredButton reason={socialMessages.appleNotConfigured}>
          <Apple className="size-4" aria-hidden /> Log in with Apple
        </NotConfiguredButton>
      )}
    </div>
  );
}
