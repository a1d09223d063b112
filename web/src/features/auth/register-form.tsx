import { useState } from 'react';
import { Button } from '@web/components/button';
import { api, ApiError } from '@web/lib/api';
import { unexpectedError } from './auth-errors';
import { BotCheckBadge } from './bot-check-badge';
import { useBotCheck } from './use-bot-check';
import { showServerFieldErrors, useRegisterForm } from './use-register-form';
import { RegisterFields } from './register-fields';

export interface RegisterFormProps<T> {
  endpoint: '/api/user/register' | '/api/user/register-with-sign-in';
  referrerId?: string | null;
  defaultEmail?: string;
  submitLabel?: string;
  onSuccess(answer: T): void;
}

/** The creator registration form; submits only once the bot check has loaded. */
export function RegisterForm<T>({ endpoint, referrerId, defaultEmail = '', submitLabel = 'Create account', onSuccess }: RegisterFormProps<T>) {
  const botCheck = useBotCheck();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRegisterForm(defaultEmail);

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    let botCheckToken: string | undefined;
    try {
      botCheckToken = await botCheck.takeToken();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : unexpectedError);
      return;
    }
    try {
      const answer = await api<T>(endpoint, {
        body: { ...values, ...(referrerId ? { referrerId } : {}), ...(botCheckToken ? { botCheckToken } : {}) },
        token: null,
      });
      botCheck.complete();
      onSuccess(answer);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(unexpectedError);
        return;
      }
      const mapped = showServerFieldErrors(setError, error.fields);
      if (!mapped) setFormError(error.message || unexpectedError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create an account">
      <RegisterFields register={register} errors={errors} />
      <BotCheckBadge botCheck={botCheck} error={formError ?? undefined} />
      <Button type="submit" className="w-full" disabled={!botCheck.ready} busy={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
