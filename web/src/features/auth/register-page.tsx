import { toast } from 'sonner';
import { Link, useLocation, useSearchParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

export default function RegisterPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const referrerId = params.get('referrerId');
  return (
    <AuthCard title={t`CREATE AN ACCOUNT`} wide>
      <RegisterForm
        procedure="register"
        referrerId={referrerId}
        onSuccess={(answer) => {
          // Only an account that can sign in now is "ready"; one waiting for an admin is told so (never "ready", then a 503).
          if (answer.user.isActive) toast.success(t`Your account is ready! Please log in to start.`);
          else toast.success(t`Please wait for an admin to activate your account`, { description: t`We will send you an email once your account is ready.` });
          navigate('/');
        }}
      />
      <p className="mt-6 text-sm text-slate-600">
        <Trans>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-brand-700 hover:underline">
            Log in
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
