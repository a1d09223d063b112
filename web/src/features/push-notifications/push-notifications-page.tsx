import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@web/lib/i18n/format';
import { Users } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import { ComposeForm } from './compose-form';
import { HistoryTable } from './history-table';
import { PlansCallout } from './plans-callout';
import { failureMessage } from '@web/components/error-message';

/** While a notification is still being delivered, its counts are refreshed this often. */
const liveRefreshMs = 1500;

/** /apps/push-notifications: write to everyone who tapped "Notify me", see how each notification was delivered. */
export default function PushNotificationsPage() {
  const [creatorId, setCreatorId] = useState<string | undefined>(undefined);
  const input = creatorId ? { creatorId } : undefined;
  const overview = trpc.push.overview.useQuery(input);
  const history = trpc.push.history.useQuery(input, {
    refetchInterval: (query) => (query.state.data?.some((item) => item.pending > 0) ? liveRefreshMs : false),
  });
  const utils = trpc.useUtils();
  const { t } = useLingui();

  if (overview.isPending) return <Spinner label={t`Loading push notifications`} className="py-24" />;
  if (overview.isError) {
    return (
      <EmptyState title={t`Push notifications could not be loaded`}>
        <p>{failureMessage(overview.error)}</p>
      </EmptyState>
    );
  }
  const data = overview.data;
  // Only admins get the list of creators they may send for.
  const isAdmin = data.creators.length > 0;
  const creatorName = data.creatorName;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Push Notifications</Trans>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {isAdmin && creatorId ? (
              <Trans>Fans who tap “Notify me” on {creatorName}'s event page or app get these on their phone or computer.</Trans>
            ) : (
              <Trans>Fans who tap “Notify me” on your event page or app get these on their phone or computer.</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {isAdmin && data.creators.length > 0 && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Trans>Send for</Trans>
              <select
                value={data.creatorId}
                onChange={(event) => setCreatorId(event.target.value)}
                className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              >
                {data.creators.map((creator) => (
                  <option key={creator.id} value={creator.id}>
                    {creator.name}
                    {creator.creatorTag ? ` (@${creator.creatorTag})` : ''} · {formatNumber(creator.subscriberCount)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200" aria-live="polite">
            <Users className="size-4 text-brand-600" aria-hidden />
            <Plural value={data.subscriberCount} one="# subscriber" other="# subscribers" />
          </p>
        </div>
      </header>

      {!data.canSend && <PlansCallout />}
      <ComposeForm
        key={data.creatorId}
        overview={data}
        onSent={() => {
          void utils.push.history.invalidate();
          void utils.push.overview.invalidate();
        }}
      />
      <HistoryTable items={history.data} loading={history.isPending} failed={history.isError} />
    </div>
  );
}
