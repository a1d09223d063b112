import { useCallback } from 'react';
import { toast } from 'sonner';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionAnswer } from '@server/domains/users/users.schemas';
import { SocialSignIn, useSocialProviders } from '@web/components/social-sign-in';
import { toastError } from '@web/lib/lazy-toast';
import { useViewer } from '@web/lib/viewer-session';

export const viewerSocialMessages = {
  /** A Google or Apple account that already belongs to a creator (or staff): the viewer pages keep viewer tokens only. */
  notViewer: msg`This account is not a viewer account. Creators sign in at /login.`,
} as const;

/**
 * Google and Apple in the viewer's login and register dialogs, only for the providers this server has set up
 * (nothing at all otherwise). They sign in with `roleId=viewer`: a first sign-in creates an active viewer, and the
 * answer goes to the viewer's session (never the creator's), so the viewer stays on the event page.
 */
export function ViewerSocialSignIn({ onSignedIn }: { onSignedIn(): void }) {
  const { t, i18n } = useLingui();
  const { anyConfigured } = useSocialProviders();
  const onSession = useCallback(
    (answer: SessionAnswer) => {
      // Like the viewer password login, which refuses other roles: a creator's token never becomes a viewer session.
      if (!answer.user.role.includes('viewer')) {
        toastError(i18n._(viewerSocialMessages.notViewer));
        return;
      }
      useViewer.getState().signIn(answer);
      toast.success(t`Welcome, ${answer.user.displayName}`);
      onSignedIn();
    },
    [onSignedIn, t, i18n],
  );
  if (!anyConfigured) return null;
  return (
    <div className="mt-4 space-y-4" data-testid="viewer-social-sign-in">
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" /> <Trans>or</Trans> <span className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialSignIn roleId="viewer" googleText="continue_with" appleLabel={t`Continue with Apple`} onlyConfigured onSession={onSession} />
    </div>
  );
}
