import { useState } from 'react';
import { Pencil, Trash2, Webhook } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Switch } from '@web/components/switch';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyButton } from '@web/components/copy-button';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { Modal } from '@web/components/modal';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';
import type { WebhookOutput } from '@server/domains/webhooks/webhooks.schemas';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm, type WebhookFormValues } from './webhook-form';

/** What every delivery's JSON body holds (shown as code, never translated). */
const payloadShape = '{ id, type, createdAt, data }';

const emptyForm: WebhookFormValues = { url: '', description: '', events: ['event.created'] };

function WebhookCard({ webhook, onEdit, onDelete }: { webhook: WebhookOutput; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const url = webhook.url;
  const utils = trpc.useUtils();
  const update = trpc.webhooks.update.useMutation();
  const [showSecret, setShowSecret] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);

  const setActive = async (isActive: boolean) => {
    try {
      await update.mutateAsync({ id: webhook.id, isActive });
      await utils.webhooks.list.invalidate();
      toast.success(isActive ? t`Webhook turned on` : t`Webhook turned off`);
    } catch (error) {
      toast.error(failureMessage(error, t`The webhook could not be changed. Please try again.`));
    }
  };

  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{webhook.url}</p>
          {webhook.description && <p className="text-sm text-slate-600">{webhook.description}</p>}
          <div className="flex flex-wrap gap-1">
            {webhook.events.map((event) => (
              <code key={event} className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-700">
                {event}
              </code>
            ))}
          </div>
          {webhook.disabledReason && (
            <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
              {webhook.disabledReason}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <Switch
              checked={webhook.isActive}
              onCheckedChange={(checked) => void setActive(checked)}
              disabled={update.isPending}
              aria-label={t`Webhook ${url} on`}
            />
            {webhook.isActive ? t`On` : t`Off`}
          </label>
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t`Edit ${url}`}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t`Delete ${url}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">
          <Trans>Signing secret</Trans>
        </span>
        <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs">{showSecret ? webhook.secret : 'whsec_••••••••'}</code>
        <Button variant="ghost" size="sm" onClick={() => setShowSecret((value) => !value)}>
          {showSecret ? t`Hide` : t`Reveal`}
        </Button>
        <CopyButton value={webhook.secret} label={t`Copy secret`} />
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setShowDeliveries((value) => !value)} aria-expanded={showDeliveries}>
          {showDeliveries ? t`Hide deliveries` : t`Show deliveries`}
        </Button>
        {showDeliveries && (
          <div className="mt-2">
            <WebhookDeliveries webhookId={webhook.id} />
          </div>
        )}
      </div>
    </li>
  );
}

/** Outgoing webhooks: where Cuepoint POSTs signed events, and what happened to each delivery. */
export default function WebhooksPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const remove = trpc.webhooks.delete.useMutation();
  const [editing, setEditing] = useState<WebhookOutput | null>(null);
  const [deleting, setDeleting] = useState<WebhookOutput | null>(null);

  const deletingUrl = deleting?.url ?? '';
  const save = async (run: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await run();
      await utils.webhooks.list.invalidate();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(failureMessage(error, t`The webhook could not be saved. Please try again.`));
      return false;
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Webhooks</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>
            Cuepoint POSTs <code className="font-mono text-xs">{payloadShape}</code> to your endpoint, signed in{' '}
          <code className="font-mono text-xs">Cuepoint-Signature: t=…,v1=…</code> (HMAC-SHA256 of <code className="font-mono text-xs">t.body</code> with the
          signing secret, as Stripe does). Failed deliveries are retried for 24 hours with the same event id; a webhook failing for 3 days is turned off.
          </Trans>
        </p>
      </header>

      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="new-webhook-heading">
        <h2 id="new-webhook-heading" className="mb-4 text-lg font-semibold text-slate-900">
          <Trans>New webhook</Trans>
        </h2>
        <WebhookForm initial={emptyForm} submitLabel={t`Add webhook`} busy={create.isPending} onSubmit={(values) => save(() => create.mutateAsync(values), t`Webhook added`)} />
      </section>

      <section aria-labelledby="webhooks-heading" className="space-y-3">
        <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Your webhooks</Trans>
        </h2>
        <QueryState
          query={list}
          loading={<Spinner label={t`Loading your webhooks`} className="py-10" />}
          empty={
            <EmptyState title={t`No webhooks yet`} icon={<Webhook className="size-10" aria-hidden />}>
              <Trans>Add an endpoint above to hear about new events, tips and payments as they happen.</Trans>
            </EmptyState>
          }
          errorTitle={t`Your webhooks could not be loaded`}
        >
          {(webhooks) => (
            <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={t`Webhooks`}>
              {webhooks.map((webhook) => (
                <WebhookCard key={webhook.id} webhook={webhook} onEdit={() => setEditing(webhook)} onDelete={() => setDeleting(webhook)} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      <Modal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={t`Edit webhook`}>
        {editing && (
          <WebhookForm
            initial={{ url: editing.url, description: editing.description, events: editing.events }}
            submitLabel={t`Save`}
            busy={update.isPending}
            onSubmit={async (values) => {
              const saved = await save(() => update.mutateAsync({ id: editing.id, ...values }), t`Webhook saved`);
              if (saved) setEditing(null);
              return saved;
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this webhook?`}
        description={t`Nothing more is sent to ${deletingUrl}, and its delivery log is deleted.`}
        confirmLabel={t`Delete`}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          void (async () => {
            if (deleting && (await save(() => remove.mutateAsync({ id: deleting.id }), t`Webhook deleted`))) setDeleting(null);
          })()
        }
      />
    </div>
  );
}
