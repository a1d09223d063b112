import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Apple } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { activeIntlLocale } from '@web/lib/i18n/format';
import { i18n } from '@web/lib/i18n/i18n';
import { Tooltip } from '@web/components/tooltip';
import { toastError } from '@web/lib/lazy-toast';
import { alive, callStatus, guestTrpc, trpc } from '@web/lib/trpc';

/** The sign-in buttons' messages, shown in the reader's language. */
export const socialMessages = {
  cancelled: msg`Cancelled login`,
  googleNotConfigured: msg`Google sign-in is not configured`,
  appleNotConfigured: msg`Apple sign-in is not configured`,
  googleFailed: msg`Google sign-in failed`,
  tryAgain: msg`Error, please try again.`,
};

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

/** What the Google button says (Google Identity Services' `text` option). */
export type GoogleButtonText = 'signin_with' | 'continue_with' | 'signup_with';

/** Who signs in: a creator (no role sent) or a viewer (`roleId=viewer`: a new account is an active viewer). */
export type SocialRole = 'viewer' | undefined;

function GoogleButton({ clientId, roleId, text, onSession }: { clientId: string; roleId: SocialRole; text: GoogleButtonText; onSession(answer: SessionAnswer): void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest handler, so a re-render of the page does not re-initialise Google's button.
  const onSessionRef = useRef(onSession);
  useEffect(() => {
    onSessionRef.current = onSession;
  }, [onSession]);
  useEffect(() => {
    let cancelled = false;
    loadGoogleScript()
      .then((googleId) => {
        if (cancelled || !container.current) return;
        googleId.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            guestTrpc.users.googleSignIn
              .mutate(roleId ? { tokenId: credential, roleId } : { tokenId: credential })
              .then((answer) => ('pendingActivation' in answer ? toastError(answer.message) : onSessionRef.current(answer)))
              .catch((error: unknown) => {
                const status = callStatus(error);
                toastError(status ? `${status}: ${(error as Error).message}` : i18n._(socialMessages.googleFailed));
              });
          },
        });
        // Google draws a button 200–400 px wide: as wide as the space allows, up to 320 px (phones included).
        const width = Math.round(Math.min(320, Math.max(200, container.current.clientWidth || 320)));
        // Google writes the button's words itself, in the language asked for.
        googleId.renderButton(container.current, { theme: 'outline', size: 'large', text, width, locale: activeIntlLocale() });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, roleId, text]);
  const { t } = useLingui();
  if (failed)
    return (
      <p className="text-center text-sm text-red-600">
        <Trans>Google sign-in could not load.</Trans>
      </p>
    );
  return <div ref={container} className="flex min-h-10 justify-center" aria-label={t`Sign in with Google`} />;
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

function openApplePopup(roleId: SocialRole, onSession: (answer: SessionAnswer) => void) {
  const width = 800;
  const height = 700;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  const url = `/api/user/apple?host=${encodeURIComponent(window.location.origin)}${roleId ? `&roleId=${roleId}` : ''}`;
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
        .catch(() => toastError(i18n._(socialMessages.tryAgain)));
    } else if (data.cancelled) {
      toastError(i18n._(socialMessages.cancelled));
    } else {
      toastError(data.error ?? i18n._(socialMessages.cancelled));
    }
  };
  // The popup posts its answer and then closes itself: a closed popup only means "cancelled" once its last message
  // had time to arrive (a busy page may see the window closed before it handles the message).
  let closedSince: number | null = null;
  const watcher = window.setInterval(() => {
    if (!popup || !popup.closed || settled) return;
    closedSince ??= Date.now();
    if (Date.now() - closedSince < 1500) return;
    finish();
    toastError(i18n._(socialMessages.cancelled));
  }, 500);
  window.addEventListener('message', onMessage);
  if (!popup) {
    finish();
    toastError(i18n._(socialMessages.cancelled));
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

/** Which providers this server has set up (system.publicConfig), and whether any is. */
export function useSocialProviders() {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Infinity });
  const googleClientId = config.data?.googleClientId ?? null;
  const appleEnabled = config.data?.appleEnabled ?? false;
  return { googleClientId, appleEnabled, anyConfigured: !!googleClientId || appleEnabled, loaded: config.isSuccess };
}

export interface SocialSignInProps {
  onSession(answer: SessionAnswer): void;
  /** `viewer`: the event pages' dialogs, where a first sign-in creates an active viewer. */
  roleId?: SocialRole;
  /** Google's button text; "Sign in with Google" by default. */
  googleText?: GoogleButtonText;
  /** The Apple button's label; "Log in with Apple" by default (platform.md §2 /login). */
  appleLabel?: string;
  /** Leave out providers this server has not set up (the viewer dialogs), instead of showing them disabled with the reason (/login). */
  onlyConfigured?: boolean;
}

/** "Sign in with Google" (Google Identity Services when configured) and "Log in with Apple" (800×700 popup). */
export function SocialSignIn({ onSession, roleId, googleText = 'signin_with', appleLabel, onlyConfigured = false }: SocialSignInProps) {
  const { t } = useLingui();
  const { googleClientId, appleEnabled } = useSocialProviders();
  const appleText = appleLabel ?? t`Log in with Apple`;
  return (
    <div className="space-y-3">
      {googleClientId ? (
        <GoogleButton clientId={googleClientId} roleId={roleId} text={googleText} onSession={onSession} />
      ) : (
        !onlyConfigured && (
          <NotConfiguredButton reason={t(socialMessages.googleNotConfigured)}>
            <span className="font-bold text-[#4285F4]">G</span> <Trans>Sign in with Google</Trans>
          </NotConfiguredButton>
        )
      )}
      {appleEnabled ? (
        <Button variant="secondary" className="w-full" onClick={() => openApplePopup(roleId, onSession)}>
          <Apple className="size-4" aria-hidden /> {appleText}
        </Button>
      ) : (
        !onlyConfigured && (
          <NotConfiguredButton reason={t(socialMessages.appleNotConfigured)}>
            <Apple className="size-4" aria-hidden /> {appleText}
          </NotConfiguredButton>
        )
      )}
    </div>
  );
}
