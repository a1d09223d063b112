import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginInput, type LoginInput } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { PasswordField, TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { AuthFrame, linkClasses, type AuthStyle } from './auth-frames';
import { loginErrorMessage, useCompleteLogin } from '@web/features/auth/public';
import { validationText } from '@web/lib/i18n/validation-texts';

const paths = {
  1: { register: '/pages/auth/register', forgot: '/pages/auth/forgot-password' },
  2: { register: '/pages/auth/register-2', forgot: '/pages/auth/forgot-password-2' },
} as const;

function LoginDemo({ variant }: { variant: AuthStyle }) {
  const { t } = useLingui();
  const login = trpc.users.login.useMutation();
  const finishLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInput), mode: 'onChange', defaultValues: { userName: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      finishLogin(await login.mutateAsync(values));
    } catch (error) {
      setError('password', { type: 'server', message: loginErrorMessage(error) });
    }
  });

  return (
    <AuthFrame
      variant={variant}
      title={variant === 1 ? t`Login to your account` : t`Welcome back`}
      subtitle={
        <>
          <Trans>
            Don't have an account?{' '}
            <Link href={paths[variant].register} className={linkClasses}>
              Register
            </Link>
          </Trans>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Login`}>
        <TextField label={t`Email or username`} autoComplete="username" error={validationText(errors.userName?.message)} {...register('userName')} />
        <PasswordField label={t`Password`} autoComplete="current-password" error={validationText(errors.password?.message)} {...register('password')} />
        <div className="flex justify-end text-sm">
          <Link href={paths[variant].forgot} className={linkClasses}>
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
          <Trans>Login</Trans>
        </Button>
      </form>
    </AuthFrame>
  );
}

export function LoginDemoPage() {
  return <LoginDemo variant={1} />;
}

export function LoginDemo2Page() {
  return <LoginDemo variant={2} />;
}
