import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { CircleCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { PasswordField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { AuthFrame, linkClasses, type AuthStyle } from './auth-frames';
import { errorFields, serverMessage } from '@web/features/auth/public';
import { validationText } from '@web/lib/i18n/validation-texts';

const resetForm = z
  .object({
    password: z.string().min(8, validationMessages.min8).max(200, validationMessages.tooLong),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: validationMessages.passwordsMismatch, path: ['confirmPassword'] });
type ResetForm = z.infer<typeof resetForm>;

const forgotPaths = { 1: '/pages/auth/forgot-password', 2: '/pages/auth/forgot-password-2' } as const;

function ResetPassword({ variant }: { variant: AuthStyle }) {
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = trpc.users.resetPassword.useMutation();
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(resetForm), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setLinkError(null);
    try {
      const answer = await reset.mutateAsync({ token, ...values });
      setDone(answer.message);
    } catch (error) {
      const fields = errorFields(error);
      if (fields.password) setError('password', { type: 'server', message: fields.password });
      else if (fields.confirmPassword) setError('confirmPassword', { type: 'server', message: fields.confirmPassword });
      else setLinkError(fields.token ?? serverMessage(error));
    }
  });

  const requestAgain = (
    <Link href={forgotPaths[variant]} className={linkClasses}>
      <Trans>Request a new link</Trans>
    </Link>
  );

  if (done) {
    return (
      <AuthFrame variant={variant} title={t`Password changed`}>
        <div role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-sm text-green-900">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
          <p className="font-medium">{done}</p>
        </div>
        <Link href="/login" className={`mt-6 inline-block ${linkClasses}`}>
          <Trans>Go to login</Trans>
        </Link>
      </AuthFrame>
    );
  }

  if (token.length < 10) {
    return (
      <AuthFrame variant={variant} title={t`Reset your password`} footer={requestAgain}>
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
          <Trans>This reset link is invalid or has expired</Trans>
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame variant={variant} title={t`Reset your password`} subtitle={t`Choose a new password for your account.`} footer={requestAgain}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Reset your password`}>
        {linkError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {linkError}
          </p>
        )}
        <PasswordField label={t`New password`} autoComplete="new-password" error={validationText(errors.password?.message)} {...register('password')} />
        <PasswordField label={t`Confirm password`} autoComplete="new-password" error={validationText(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        <Button type="submit" className="w-full" busy={isSubmitting}>
          <Trans>Reset my password</Trans>
        </Button>
      </form>
    </AuthFrame>
  );
}

export function ResetPasswordPage() {
  return <ResetPassword variant={1} />;
}

export function ResetPassword2Page() {
  return <ResetPassword variant={2} />;
}
