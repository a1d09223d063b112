import type { UseFormReturn } from 'react-hook-form';
import type { LoginInput } from '@server/domains/users/users.schemas';

/**
 * The login forms' fields, registered with one extra rule: an edit of either field clears the server's answer shown
 * under a field (the form's own checks run as usual).
 */
export function loginFields({ register, getFieldState, clearErrors }: Pick<UseFormReturn<LoginInput>, 'register' | 'getFieldState' | 'clearErrors'>) {
  return (name: keyof LoginInput) => {
    const registered = register(name);
    return {
      ...registered,
      onChange: (event: { target: unknown; type?: unknown }) => {
        for (const other of ['userName', 'password'] as const) if (getFieldState(other).error?.type === 'server') clearErrors(other);
        return registered.onChange(event);
      },
    };
  };
}
