import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkUserExistsInput } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { checkoutProduct } from '@web/lib/checkout-storage';
import { validationText } from '@web/lib/i18n/validation-texts';
import { guestTrpc } from '@web/lib/trpc';
import { AuthCard } from './auth-card';
import { serverMessage } from './auth-errors';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { useCompleteLogin } from './use-complete-login';

type Step = { kind: 'email' } | { kind: 'login'; email: string } | { kind: 'register'; email: string };

/** Checkout entry: an existing account signs in, a new one registers (and is signed in) before paying. */
export default function CheckEmailPage() {
  const { productId = '' } = useParams<{ productId: string }>();
  const { t } = useLingui();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const completeLogin = useCompleteLogin(productId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(checkUserExistsInput), mode: 'onChange', defaultValues: { email: '' } });

  useEffect(() => {
    if (productId) checkoutProduct.set(productId);
  }, [productId]);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await guestTrpc.users.checkUserExists.mutate({ email });
      setStep(answer.exists ? { kind: 'login', email } : { kind: 'register', email });
    } catch (error) {
      setError('email', { type: 'server', message: serverMessage(error) });
    }
  });

  return (
    <AuthCard title={step.kind === 'register' ? t`CREATE AN ACCOUNT` : t`Continue to checkout`} wide={step.kind === 'register'}>
      {step.kind === 'email' && (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Check email`}>
          <p className="text-sm text-slate-600">
            <Trans>Enter your email: we will sign you in or create your account.</Trans>
          </p>
          <TextField label={t`Email`} type="email" autoComplete="email" error={validationText(errors.email?.message)} {...register('email')} />
          <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
            <Trans>Continue</Trans>
          </Button>
        </form>
      )}
      {step.kind === 'login' && (
        <>
          <p className="mb-4 text-sm text-slate-600">
            <Trans>Welcome back! Sign in to continue to checkout.</Trans>
          </p>
          <LoginForm defaultUserName={step.email} onSuccess={completeLogin} />
        </>
      )}
      {step.kind === 'register' && (
        <RegisterForm
          procedure="registerWithSignIn"
          defaultEmail={step.email}
          submitLabel={t`Create account and continue`}
          onSuccess={completeLogin}
        />
      )}
      <div className="mt-6 flex justify-between text-sm">
        {step.kind !== 'email' ? (
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setStep({ kind: 'email' })}>
            <Trans>Use another email</Trans>
          </button>
        ) : (
          <span />
        )}
        <Link href="/product-page" className="font-medium text-brand-700 hover:underline">
          <Trans>Back to plans</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
