import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Smartphone } from 'lucide-react';
import { useLocation } from 'wouter';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { failureMessage } from '@web/components/error-message';

/** /apps/mobile-app: opens the creator's app settings (one app per creator for now; the first visit creates it). */
export default function MobileAppPage() {
  const { t } = useLingui();
  const apps = trpc.mobileApp.list.useQuery(undefined, { retry: false });
  const [, navigate] = useLocation();
  const first = apps.data?.[0];
  useEffect(() => {
    if (first) navigate(`/apps/mobile-app/${first.id}`, { replace: true });
  }, [first, navigate]);

  if (apps.isError) {
    return (
      <EmptyState title={t`Your app is not available`} icon={<Smartphone className="size-10" aria-hidden />}>
        <p>{failureMessage(apps.error)}</p>
      </EmptyState>
    );
  }
  return <Spinner label={t`Opening your app`} className="py-24" />;
}
