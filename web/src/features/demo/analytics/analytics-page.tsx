import { lazy, Suspense } from 'react';
import { ChartLine } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';

/** The charts library loads with the widgets, after the page frame and the data request have started. */
const AnalyticsWidgets = lazy(() => import('./analytics-widgets'));

/** The analytics dashboard: widgets 1 to 9. */
export default function AnalyticsPage() {
  const { t } = useLingui();
  const widgets = trpc.demo.analytics.widgets.useQuery();
  const loading = <SkeletonCards count={9} label={t`Loading the analytics widgets`} cardClassName="h-64" />;
  return (
    <SampleAppShell title={t`Analytics`} subtitle={t`Visitors, conversions and campaigns`} icon={<ChartLine aria-hidden />}>
      <QueryState query={widgets} loading={loading} isEmpty={() => false} errorTitle={t`Could not load the analytics`}>
        {(data) => (
          <Suspense fallback={loading}>
            <AnalyticsWidgets widgets={data} />
          </Suspense>
        )}
      </QueryState>
    </SampleAppShell>
  );
}
