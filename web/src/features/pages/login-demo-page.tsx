import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { loginInput, type LoginInput } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { PasswordField, TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { AuthFrame, linkClasses, type AuthStyle } from './auth-frames';
import { loginErrorMessage, useCompleteLogin } from '@web/features/auth/public';

const paths = {
  1: { register: '/pages/auth/register', forgot: '/pages/auth/forgot-password' },
  2: { register: '/pages/auth/register-2', forgot: '/pages/auth/forgot-password-2' },
} as const;

function LoginDemo({ variant }: { variant: AuthStyle }) {
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
      title={variant === 1 ? 'Login to your account' : 'Welcome back'}
      subtitle={
        <>
          Don't have an account?{' '}
          <Link href={paths[variant].register} className={linkClasses}>
            Register
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Login">
        <TextField label="Email or username" autoComplete="username" error={errors.userName?.message} {...register('userName')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end text-sm">
          <Link href={paths[variant].forgot} className={linkClasses}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
          Login
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
