import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CircleCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { trpc } from '@web/lib/trpc';
import { AuthFrame, linkClasses, type AuthStyle } from './auth-frames';
import { botCheckToken, removeRecaptcha } from '@web/lib/bot-check';
import { errorFields, RegisterFields, serverMessage, showServerFieldErrors, unexpectedErrorText, useRegisterForm } from '@web/features/auth/public';

const loginPaths = { 1: '/pages/auth/login', 2: '/pages/auth/login-2' } as const;

function RegisterDemo({ variant }: { variant: AuthStyle }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const registerAccount = trpc.users.register.useMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRegisterForm();

  useEffect(() => () => removeRecaptcha(), []);

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    let token: string | undefined;
    try {
      const config = await utils.system.publicConfig.fetch();
      token = await botCheckToken(config.botCheck);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : unexpectedErrorText());
      return;
    }
    try {
      const answer = await registerAccount.mutateAsync({ ...values, ...(token ? { botCheckToken: token } : {}) });
      removeRecaptcha();
      setCreated(answer.message);
    } catch (error) {
      const mapped = showServerFieldErrors(setError, errorFields(error));
      if (!mapped) setFormError(serverMessage(error));
    }
  });

  const loginLink = (
    <Link href={loginPaths[variant]} className={linkClasses}>
      <Trans>Login</Trans>
    </Link>
  );

  if (created) {
    return (
      <AuthFrame variant={variant} title={t`Account created`}>
        <div role="status" className="flex gap-3 rounded-lg bg-green-50 p-4 text-sm text-green-900">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
          <p className="font-medium">{created}</p>
        </div>
        <p className="mt-6 text-sm">{loginLink}</p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame variant={variant} title={variant === 1 ? t`Create an account` : t`Sign up`} subtitle={<Trans>Already have an account? {loginLink}</Trans>}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Create an account`}>
        <RegisterFields register={register} errors={errors} />
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {formError}
          </p>
        )}
        <Button type="submit" className="w-full" busy={isSubmitting}>
          <Trans>Create account</Trans>
        </Button>
      </form>
    </AuthFrame>
  );
}

export function RegisterDemoPage() {
  return <RegisterDemo variant={1} />;
}

export function RegisterDemo2Page() {
  return <RegisterDemo variant={2} />;
}
