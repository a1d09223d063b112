import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPasswordInput } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { AuthFrame, linkClasses, type AuthStyle } from './auth-frames';
import { serverMessage } from '@web/features/auth/public';
import { validationText } from '@web/lib/i18n/validation-texts';

type ForgotForm = z.infer<typeof forgotPasswordInput>;

const resetPaths = { 1: '/pages/auth/reset-password', 2: '/pages/auth/reset-password-2' } as const;

function ForgotPassword({ variant }: { variant: AuthStyle }) {
  const { t } = useLingui();
  const forgot = trpc.users.forgotPassword.useMutation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotPasswordInput), mode: 'onChange', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await forgot.mutateAsync({ email, resetPath: resetPaths[variant] });
      setSentTo({ email, message: answer.message });
    } catch (error) {
      setError('email', { type: 'server', message: serverMessage(error) });
    }
  });

  const backToLogin = (
    <Link href="/login" className={linkClasses}>
      <Trans>Go back to login</Trans>
    </Link>
  );

  if (sentTo) {
    return (
      <AuthFrame variant={variant} title={t`Check your inbox`} footer={backToLogin}>
        <div role="status" className="flex gap-3 rounded-lg bg-brand-50 p-4 text-sm text-slate-700">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">{sentTo.message}</p>
            <p className="mt-1">
              <Trans>
                We sent it to <strong>{sentTo.email}</strong> if that address belongs to an account. The link works for one hour.
              </Trans>
            </p>
          </div>
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame variant={variant} title={t`Recover your password`} subtitle={t`Enter your email and we will send you a link to choose a new password.`} footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Recover your password`}>
        <TextField label={t`Email`} type="email" autoComplete="email" error={validationText(errors.email?.message)} {...register('email')} />
        <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
          <Trans>Send reset link</Trans>
        </Button>
      </form>
    </AuthFrame>
  );
}

export function ForgotPasswordPage() {
  return <ForgotPassword variant={1} />;
}

export function ForgotPassword2Page() {
  return <ForgotPassword variant={2} />;
}
