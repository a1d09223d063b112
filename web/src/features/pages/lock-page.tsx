import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@server/domains/users/users.schemas';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { PasswordField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { useSession } from '@web/lib/session-store';
import { CenteredAuthFrame, linkClasses } from './auth-frames';
import { loginErrorMessage, useCompleteLogin } from '@web/features/auth/public';
import { validationText } from '@web/lib/i18n/validation-texts';

const unlockForm = z.object({ password: z.string().min(4, validationMessages.min4).max(200, validationMessages.tooLong) });
type UnlockForm = z.infer<typeof unlockForm>;

/** The lock screen: the signed-in user types their password again to go back to the app. */
export function LockPage() {
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const login = trpc.users.login.useMutation();
  const finishLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<UnlockForm>({ resolver: zodResolver(unlockForm), mode: 'onChange', defaultValues: { password: '' } });

  if (!user) {
    return (
      <CenteredAuthFrame title={t`Session locked`}>
        <p className="text-sm text-slate-600">
          <Trans>
            You are not signed in.{' '}
            <Link href="/login" className={linkClasses}>
              Login
            </Link>
          </Trans>
        </p>
      </CenteredAuthFrame>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      finishLogin(await login.mutateAsync({ userName: user.email, password }), '/');
    } catch (error) {
      setError('password', { type: 'server', message: loginErrorMessage(error) });
    }
  });

  return (
    <CenteredAuthFrame
      title={t`Your session is locked`}
      footer={
        <>
          <Trans>
            Not you?{' '}
            <Link href="/logout" className={linkClasses}>
              Log in as another user
            </Link>
          </Trans>
        </>
      }
    >
      <div className="mb-6 flex items-center gap-4">
        <Avatar name={user.displayName} imageUrl={user.imageUrl} className="size-14 text-xl" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{user.displayName}</p>
          <p className="text-sm text-slate-500">{user.email}</p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Unlock`}>
        <PasswordField label={t`Password`} autoComplete="current-password" error={validationText(errors.password?.message)} {...register('password')} />
        <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
          <Trans>Unlock</Trans>
        </Button>
      </form>
    </CenteredAuthFrame>
  );
}
