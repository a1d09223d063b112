import { LegalLinks } from '@web/features/shell/public';
import { Link, useSearchParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { FullPageSpinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SocialSignIn } from '@web/components/social-sign-in';
import { useCompleteLogin } from './use-complete-login';

const linkClasses = 'font-medium text-brand-700 hover:text-brand-600 hover:underline';

export default function LoginPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const productId = params.get('productId');
  const products = trpc.billing.products.useQuery();
  const complete = useCompleteLogin(productId);
  if (products.isPending) return <FullPageSpinner label={t`Loading`} />;
  return (
    <AuthCard title={t`Sign in`}>
      <LoginForm onSuccess={complete} />
      <div className="mt-4 flex justify-end text-sm">
        <Link href="/pages/auth/forgot-password" className={linkClasses}>
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
      <div className="my-6 flex items-center gap-3 text-xs uppercase text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> <Trans>or</Trans> <span className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialSignIn onSession={complete} />
      <p className="mt-6 text-sm text-slate-600">
        <Trans>
          Don&apos;t have an account?{' '}
          <Link href="/register" className={linkClasses}>
            Register
          </Link>
        </Trans>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        <Link href="/product-page" className={linkClasses}>
          <Trans>See our plans and pricing</Trans>
        </Link>
      </p>
      <LegalLinks className="mt-8 text-xs text-slate-500" />
    </AuthCard>
  );
}
