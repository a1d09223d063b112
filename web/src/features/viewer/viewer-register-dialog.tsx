import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { registerInput, validationMessages } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { PasswordField, TextField } from '@web/components/text-field';
import { failureMessage } from '@web/components/error-message';
import { validationText } from '@web/lib/i18n/validation-texts';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { viewerMessages } from './viewer-messages';
import { ViewerSocialSignIn } from './viewer-social-sign-in';

const viewerFields = registerInput.options[0];

/** The viewer registration form: the server's own field rules plus the password confirmation. */
const viewerRegisterForm = viewerFields
  .pick({ email: true, firstName: true, lastName: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: validationMessages.passwordsMismatch, path: ['confirmPassword'] });
type ViewerRegisterForm = z.infer<typeof viewerRegisterForm>;
const formFields = ['email', 'firstName', 'lastName', 'password', 'confirmPassword'] as const;

/** The server's field messages of a failed call, by field. */
function serverFieldErrors(error: unknown): Record<string, string> {
  return (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data?.fieldErrors ?? {};
}

/** Registers a viewer (roleId "viewer", no creator tag); viewers are active at once and signed in right away. */
export function ViewerRegisterDialog({ open, onOpenChange, onLogin }: { open: boolean; onOpenChange(open: boolean): void; onLogin(): void }) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ViewerRegisterForm>({
    resolver: zodResolver(viewerRegisterForm),
    mode: 'onTouched',
    defaultValues: { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
  });

  const closeSignedIn = useCallback(() => {
    reset();
    onOpenChange(false);
  }, [reset, onOpenChange]);

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const answer = await viewerTrpc.users.register.mutate({ ...values, roleId: 'viewer', subDomain: null });
      if (!answer.token) throw new Error(t`The server did not sign the new viewer in`);
      useViewer.getState().signIn({ token: answer.token, user: answer.user });
      toast.success(t`Welcome, ${answer.user.displayName}`);
      reset();
      onOpenChange(false);
    } catch (error) {
      const fields = serverFieldErrors(error);
      let placed = false;
      for (const field of formFields) {
        if (fields[field]) {
          setError(field, { type: 'server', message: fields[field] });
          placed = true;
        }
      }
      if (!placed) setError('root', { type: 'server', message: failureMessage(error, i18n._(viewerMessages.unexpected)) });
    }
  });

  return (
    <Modal size="sm" open={open} onOpenChange={onOpenChange} title={t`Create a viewer account`} description={t`Register to watch premium events, chat and send tips.`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Viewer registration`}>
        <TextField label={t`Email`} type="email" autoComplete="email" error={validationText(errors.email?.message)} {...register('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`First name`} autoComplete="given-name" error={validationText(errors.firstName?.message)} {...register('firstName')} />
          <TextField label={t`Last name`} autoComplete="family-name" error={validationText(errors.lastName?.message)} {...register('lastName')} />
        </div>
        <PasswordField label={t`Password`} autoComplete="new-password" error={validationText(errors.password?.message)} {...register('password')} />
        <PasswordField label={t`Confirm password`} autoComplete="new-password" error={validationText(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        {errors.root?.message && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" className="w-full" busy={isSubmitting}>
          <Trans>Register</Trans>
        </Button>
      </form>
      <ViewerSocialSignIn onSignedIn={closeSignedIn} />
      <p className="mt-4 text-center text-sm text-slate-600">
        <Trans>
          Already registered?{' '}
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onLogin}>
            Log in
          </button>
        </Trans>
      </p>
    </Modal>
  );
}
