import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginInput, type LoginInput } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { PasswordField, TextField } from '@web/components/text-field';
import { loginFailure, loginFields, viewerLoginTexts } from '@web/features/auth/public';
import { validationText } from '@web/lib/i18n/validation-texts';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { ViewerSocialSignIn } from './viewer-social-sign-in';

export function ViewerLoginDialog({ open, onOpenChange, onRegister }: { open: boolean; onOpenChange(open: boolean): void; onRegister(): void }) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getFieldState,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInput), mode: 'onChange', defaultValues: { userName: '', password: '' } });

  const closeSignedIn = useCallback(() => {
    reset();
    onOpenChange(false);
  }, [reset, onOpenChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await viewerTrpc.users.viewerLogin.mutate(values);
      useViewer.getState().signIn(answer);
      toast.success(t`Welcome, ${answer.user.displayName}`);
      reset();
      onOpenChange(false);
    } catch (error) {
      // Viewer login failures (platform.md §8) under the field they concern (§4): a deactivated account's text under
      // the email, "Invalid username or password", 429 and the unexpected error under the password.
      const failure = loginFailure(error, viewerLoginTexts);
      setError(failure.field, { type: 'server', message: failure.message });
    }
  });
  const field = loginFields({ register, getFieldState, clearErrors });

  return (
    <Modal size="sm" open={open} onOpenChange={onOpenChange} title={t`Viewer login`} description={t`Log in to watch premium events, chat and send tips.`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Viewer login`}>
        <TextField label={t`Email`} autoComplete="username" error={validationText(errors.userName?.message || undefined)} {...field('userName')} />
        <PasswordField label={t`Password`} autoComplete="current-password" error={validationText(errors.password?.message || undefined)} {...field('password')} />
        <Button type="submit" className="w-full" disabled={!isValid} busy={isSubmitting}>
          <Trans>Log in</Trans>
        </Button>
      </form>
      <ViewerSocialSignIn onSignedIn={closeSignedIn} />
      <p className="mt-4 text-center text-sm text-slate-600">
        <Trans>
          New here?{' '}
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onRegister}>
            Create a viewer account
          </button>
        </Trans>
      </p>
    </Modal>
  );
}
