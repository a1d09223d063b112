import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'wouter';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { authMessages, changePasswordInput } from '@server/domains/users/users.schemas';
import { changePasswordRedirect } from '@web/app/guard';
import { Button } from '@web/components/button';
import { FullPageSpinner } from '@web/components/spinner';
import { PasswordField } from '@web/components/text-field';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';

type ChangePasswordValues = z.infer<typeof changePasswordInput>;
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Changes the signed-in user's password; the answer's new token replaces the stored one (other sessions end).
 * It only ever acts on the caller: another user's id in the path redirects to the caller's own page.
 */
export default function ChangePasswordPage() {
  const params = useParams<{ userId?: string }>();
  const [, navigate] = useLocation();
  const me = useSession((state) => state.user?.id);
  const redirect = changePasswordRedirect(params.userId, me);
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [navigate, redirect]);
  if (redirect) return <FullPageSpinner label="Redirecting" />;
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordInput), mode: 'onTouched', defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const changePassword = trpc.users.changePassword.useMutation();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword.mutateAsync(values);
      useSession.getState().setSession(answer);
      reset();
      toast.success(authMessages.passwordChanged);
    } catch (error) {
      const data = (error as { data?: { fieldErrors?: Record<string, string> | null } }).data;
      const fieldErrors = data?.fieldErrors ?? {};
      let mapped = false;
      for (const field of fields) {
        if (fieldErrors[field]) {
          setError(field, { type: 'server', message: fieldErrors[field] });
          mapped = true;
        }
      }
      if (!mapped) toast.error(error instanceof Error ? error.message : 'Unexpected error. Please try again.');
    }
  });

  return (
    <section className="max-w-lg space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Change Password</h1>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" aria-label="Change password">
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" busy={isSubmitting}>
          Change password
        </Button>
      </form>
    </section>
  );
}
