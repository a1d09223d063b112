import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm } from '@server/domains/users/users.schemas';

/** The registration form's fields, in the order errors are mapped onto them. */
export const registerFormFields = ['email', 'firstName', 'lastName', 'subDomain', 'password', 'confirmPassword'] as const;
export type RegisterFormField = (typeof registerFormFields)[number];

/** The creator registration form state, validated with the server's own schema. */
export function useRegisterForm(defaultEmail = '') {
  return useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, firstName: '', lastName: '', subDomain: '', password: '', confirmPassword: '' },
  });
}
