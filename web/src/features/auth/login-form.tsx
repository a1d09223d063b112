import { useForm, type Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { LoginInput, SessionAnswer } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { PasswordField, TextField } from '@web/components/text-field';
import { guestTrpc } from '@web/lib/trpc';
import { loginFields } from './login-fields';

let validation: Promise<typeof import('./login-validation')> | null = null;
/** The shared login schema (and zod with it), fetched once, when the form is first focused. */
const loadValidation = () =>
  (validation ??= import('./login-validation').catch((error: unknown) => {
    validation = null; // the next keystroke tries again
    throw error;
  }));

/**
 * The form's first check (for the Login button, as it mounts) needs no zod: the password starts empty, which the schema
 * refuses. Focusing the form fetches the schema, so everything typed is checked by it.
 */
const lazyLoginResolver: Resolver<LoginInput> = async (values, context, options) => {
  if (!validation && !values.password) return { values: {}, errors: { password: { type: 'too_small' } } };
  return (await loadValidation()).loginResolver(values, context, options);
};
const prefetchValidation = () => void loadValidation().catch(() => undefined);

/** Email-or-username and password; the Login button stays disabled until both are valid. */
export function LoginForm({ onSuccess, defaultUserName = '', submitLabel }: { onSuccess(answer: SessionAnswer): void; defaultUserName?: string; submitLabel?: string }) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({ resolver: lazyLoginResolver, mode: 'onChange', defaultValues: { userName: defaultUserName, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await guestTrpc.users.login.mutate(values);
      onSuccess(answer);
    } catch (error) {
      // Shown under the field it concerns (the account's state under the username, the rest under the password);
      // editing either field clears it. Submitting ran the resolver, so the validation module is already here.
      const { loginFailure } = await loadValidation();
      const failure = loginFailure(error);
      setError(failure.field, { type: 'server', message: failure.message });
    }
  });
  const field = loginFields({ register, getFieldState, clearErrors });

  return (
    <form onSubmit={onSubmit} onFocus={prefetchValidation} noValidate className="space-y-4" aria-label={t`Login`}>
      <TextField label={t`Email or username`} autoComplete="username" error={errors.userName?.message || undefined} {...field('userName')} />
      <PasswordField label={t`Password`} autoComplete="current-password" error={errors.password?.message || undefined} {...field('password')} />
      <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
        {submitLabel ?? t`Login`}
      </Button>
    </form>
  );
}
