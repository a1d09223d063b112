import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { changePasswordInput } from '@server/domains/users/users.schemas';
import { validationText } from '@web/lib/i18n/validation-texts';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { Button } from './button';
import { failureFields } from './error-message';
import { FormError } from './form-error';
import { PasswordField } from './text-field';

type ChangePasswordValues = z.infer<typeof changePasswordInput>;
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Current, new and confirm; the answer's new token replaces the stored one, so every other session ends. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordInput), mode: 'onTouched', defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const changePassword = trpc.users.changePassword.useMutation();
  // A refusal no field shows (a wrong token, too many tries, the server down): shown in the form.
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await changePassword.mutateAsync(values);
      useSession.getState().setSession(answer);
      reset();
      toast.success(t`Your password has been changed`);
    } catch (error) {
      const fieldErrors = failureFields(error);
      let mapped = false;
      for (const field of fields) {
        if (fieldErrors[field]) {
          setError(field, { type: 'server', message: fieldErrors[field] });
          mapped = true;
        }
      }
      if (!mapped) setFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" aria-label={t`Change password`}>
      <FormError error={failure} />
      <PasswordField label={t`Current password`} autoComplete="current-password" error={validationText(errors.currentPassword?.message)} {...register('currentPassword')} />
      <PasswordField label={t`New password`} autoComplete="new-password" error={validationText(errors.newPassword?.message)} {...register('newPassword')} />
      <PasswordField label={t`Confirm new password`} autoComplete="new-password" error={validationText(errors.confirmPassword?.message)} {...register('confirmPassword')} />
      <p className="text-xs text-slate-500">
        <Trans>Changing the password signs you out everywhere else; this browser stays signed in.</Trans>
      </p>
      <Button type="submit" busy={isSubmitting}>
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
