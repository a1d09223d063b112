import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm } from '@server/domains/users/users.schemas';

/** The registration form's fields, in the order errors are mapped onto them. */
export const registerFormFields = ['email', 'firstName', 'lastName', 'subDomain', 'password', 'confirmPassword'] as const;
export type RegisterFormField = (typeof registerFormFields)[number];

/**
 * The creator registration form state, validated with the server's own schema. Its errors keep the schema's English
 * (and the server's own words): RegisterFields shows them in the reader's language when it renders, so a language
 * switch rewords an error already on screen.
 */
export function useRegisterForm(defaultEmail = '') {
  return useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, firstName: '', lastName: '', subDomain: '', password: '', confirmPassword: '' },
  });
}

/** Puts the server's field messages under their fields; true when at least one was placed. */
export function showServerFieldErrors(setError: UseFormSetError<RegisterForm>, fields: Record<string, string>): boolean {
  let placed = false;
  for (const [field, message] of Object.entries(fields)) {
    if ((registerFormFields as readonly string[]).includes(field)) {
      setError(field as RegisterFormField, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
