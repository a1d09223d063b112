import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { RegisterForm } from '@server/domains/users/users.schemas';
import { PasswordField, TextField } from '@web/components/text-field';
import { validationText } from '@web/lib/i18n/validation-texts';

/** The registration inputs (email, names, creator tag, password twice), shared by every register page; errors in the reader's language. */
export function RegisterFields({ register, errors }: { register: UseFormRegister<RegisterForm>; errors: FieldErrors<RegisterForm> }) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={t`Email`} type="email" autoComplete="email" error={validationText(errors.email?.message)} {...register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`First name`} autoComplete="given-name" error={validationText(errors.firstName?.message)} {...register('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" error={validationText(errors.lastName?.message)} {...register('lastName')} />
      </div>
      <TextField
        label={t`Creator tag`}
        autoComplete="off"
        hint={t`Letters, numbers and underscores; at least 5 characters.`} error={validationText(errors.subDomain?.message)} {...register('subDomain')} />
      <PasswordField label={t`Password`} autoComplete="new-password" error={validationText(errors.password?.message)} {...register('password')} />
      <PasswordField label={t`Confirm password`} autoComplete="new-password" error={validationText(errors.confirmPassword?.message)} {...register('confirmPassword')} />
    </>
  );
}
