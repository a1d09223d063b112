import { useState } from 'react';
import { Button } from '@web/components/button';
import { PasswordField, TextField } from '@web/components/text-field';
import { api, ApiError } from '@web/lib/api';
import { unexpectedError } from './auth-errors';
import { BotCheckBadge } from './bot-check-badge';
import { useBotCheck } from './use-bot-check';
import { registerFormFields, useRegisterForm, type RegisterFormField } from './use-register-form';

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
      let mapped = false;
      for (const [field, message] of Object.entries(error.fields)) {
        if ((registerFormFields as readonly string[]).includes(field)) {
          setError(field as RegisterFormField, { type: 'server', message });
          mapped = true;
        }
      }
      if (!mapped) setFormError(error.message || unexpectedError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create an account">
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Creator tag" autoComplete="off" hint="Letters, numbers and underscores; at least 5 characters." error={errors.subDomain?.message} {...register('subDomain')} />
      <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <BotCheckBadge botCheck={botCheck} error={formError ?? undefined} />
      <Button type="submit" className="w-full" disabled={!botCheck.ready} busy={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
