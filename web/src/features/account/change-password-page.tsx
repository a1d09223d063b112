import { ChangePasswordForm } from '@web/components/change-password-form';

/** Changes the signed-in user's password (other sessions end). */
export default function ChangePasswordPage() {
  return (
    <section className="max-w-lg space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Change Password</h1>
      <ChangePasswordForm />
    </section>
  );
}
