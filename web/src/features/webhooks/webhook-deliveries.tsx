import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';

const statusClasses = {
  succeeded: 'bg-green-50 text-green-700',
  pending: 'bg-amber-50 text-amber-700',
  failed: 'bg-red-50 text-red-700',
} as const;

const statusLabels = { succeeded: msg`succeeded`, pending: msg`pending`, failed: msg`failed` } as const;

const formatDate = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'medium' });

/** A webhook's recent deliveries, each with its attempts, body and a "Send again". */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const deliveries = trpc.webhooks.deliveries.useQuery({ webhookId }, { refetchInterval: 5000 });
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const [open, setOpen] = useState<string | null>(null);

  const sendAgain = async (deliveryId: string) => {
    try {
      await redeliver.mutateAsync({ deliveryId });
      toast.success(t`Queued to send again`);
      await utils.webhooks.deliveries.invalidate({ webhookId });
    } catch (error) {
      toast.error(failureMessage(error, t`It could not be queued. Please try again.`));
    }
  };

  return (
    <QueryState
      query={deliveries}
      loading={<Spinner label={t`Loading deliveries`} className="py-6" />}
      empty={
        <p className="py-3 text-sm text-slate-600">
          <Trans>No deliveries yet. They appear here when a subscribed event happens.</Trans>
        </p>
      }
      errorTitle={t`The deliveries could not be loaded`}
    >
      {(list) => (
        <ul className="divide-y divide-slate-100" aria-label={t`Deliveries`}>
          {list.map((delivery) => (
            <li key={delivery.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClasses[delivery.status]}`}>{t(statusLabels[delivery.status])}</span>
                <code className="font-mono text-xs text-slate-900">{delivery.eventType}</code>
                <span className="text-xs text-slate-500">{formatDate(delivery.createdAt)}</span>
                <span className="text-xs text-slate-500">
                  <Plural value={delivery.attemptCount} one="# attempt" other="# attempts" />
                  {delivery.lastError ? ` · ${delivery.lastError}` : delivery.lastStatusCode ? ` · HTTP ${delivery.lastStatusCode}` : ''}
                </span>
                <span className="ms-auto flex gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setOpen(open === delivery.id ? null : delivery.id)} aria-expanded={open === delivery.id}>
                    {open === delivery.id ? t`Hide` : t`Details`}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => void sendAgain(delivery.id)} disabled={redeliver.isPending}>
                    <RotateCw className="size-4" aria-hidden />
                    <Trans>Send again</Trans>
                  </Button>
                </span>
              </div>
              {open === delivery.id && (
                <div className="mt-2 space-y-2">
                  <p className="text-xs text-slate-600">
                    <Trans>
                      Event id <code className="font-mono">{delivery.eventId}</code>
                    </Trans>
                    {delivery.nextAttemptAt && (
                      <>
                        {' · '}
                        <Trans>next attempt {formatDate(delivery.nextAttemptAt)}</Trans>
                      </>
                    )}
                  </p>
                  <ol className="space-y-1 text-xs text-slate-600">
                    {delivery.attempts.map((attempt) => (
                      <li key={attempt.attemptedAt}>
                        {formatDate(attempt.attemptedAt)} — {attempt.statusCode ? `HTTP ${attempt.statusCode}` : attempt.error} ({attempt.durationMs} ms)
                      </li>
                    ))}
                  </ol>
                  <pre className="max-h-60 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(JSON.parse(delivery.payload), null, 2)}</pre>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
