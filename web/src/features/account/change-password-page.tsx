import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordRedirect } from '@web/lib/navigation-rules';
import { ChangePasswordForm } from '@web/components/change-password-form';
import { FullPageSpinner } from '@web/components/spinner';
import { useSession } from '@web/lib/session-store';

/**
 * Changes the signed-in user's password; the answer's new token replaces the stored one (other sessions end).
 * It only ever acts on the caller: another user's id in the path redirects to the caller's own page.
 */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const params = useParams<{ userId?: string }>();
  const [, navigate] = useLocation();
  const me = useSession((state) => state.user?.id);
  const redirect = changePasswordRedirect(params.userId, me);
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [navigate, redirect]);
  if (redirect) return <FullPageSpinner label={t`Redirecting`} />;
  return (
    <section className="max-w-lg space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Change Password</Trans>
      </h1>
      <ChangePasswordForm />
    </section>
  );
}
