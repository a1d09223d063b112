import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { guestTrpc, type RouterOutputs } from '@web/lib/trpc';
import { errorFields, serverMessage, unexpectedErrorText } from './auth-errors';
import { BotCheckBadge } from './bot-check-badge';
import { useBotCheck } from './use-bot-check';
import { showServerFieldErrors, useRegisterForm } from './use-register-form';
import { RegisterFields } from './register-fields';

/** `register` (a creator an admin activates) or `registerWithSignIn` (checkout: signed in at once). */
type RegisterProcedure = 'register' | 'registerWithSignIn';

export interface RegisterFormProps<P extends RegisterProcedure> {
  procedure: P;
  referrerId?: string | null;
  defaultEmail?: string;
  submitLabel?: string;
  onSuccess(answer: RouterOutputs['users'][P]): void;
}

/** The creator registration form; submits only once the bot check has loaded. */
export function RegisterForm<P extends RegisterProcedure>({ procedure, referrerId, defaultEmail = '', submitLabel, onSuccess }: RegisterFormProps<P>) {
  const { t } = useLingui();
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
      setFormError(error instanceof Error ? error.message : unexpectedErrorText());
      return;
    }
    try {
      const input = { ...values, ...(referrerId ? { referrerId } : {}), ...(botCheckToken ? { botCheckToken } : {}) };
      const called: RegisterProcedure = procedure;
      const answer = (await guestTrpc.users[called].mutate(input)) as RouterOutputs['users'][P];
      botCheck.complete();
      onSuccess(answer);
    } catch (error) {
      const mapped = showServerFieldErrors(setError, errorFields(error));
      if (!mapped) setFormError(serverMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Create an account`}>
      <RegisterFields register={register} errors={errors} />
      <BotCheckBadge botCheck={botCheck} error={formError ?? undefined} />
      <Button type="submit" className="w-full" disabled={!botCheck.ready} busy={isSubmitting}>
        {submitLabel ?? t`Create account`}
      </Button>
    </form>
  );
}
