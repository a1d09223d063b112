import { toast } from 'sonner';
import { Link, useLocation, useSearchParams } from 'wouter';
import { authMessages } from '@server/domains/users/users.schemas';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

export default function RegisterPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const referrerId = params.get('referrerId');
  return (
    <AuthCard title="CREATE AN ACCOUNT" wide>
      <RegisterForm
        procedure="register"
        referrerId={referrerId}
        onSuccess={(answer) => {
          // Only an account that can sign in now is "ready"; one waiting for an admin is told so (never "ready", then a 503).
          if (answer.user.isActive) toast.success(authMessages.accountReady);
          else toast.success(authMessages.waitForActivation, { description: authMessages.emailWhenReady });
          navigate('/');
        }}
      />
      <p className="mt-6 text-sm text-slate-600">
        Already have an account?{' '}
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
