import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FullPageSpinner } from '@web/components/spinner';
import { useSession } from '@web/lib/session-store';

export default function LogoutPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  useEffect(() => {
    useSession.getState().setRedirectUrl(null);
    useSession.getState().logout();
    navigate('/login', { replace: true });
  }, [navigate]);
  return <FullPageSpinner label={t`Signing out`} />;
}
