import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductOutput } from '@server/domains/billing/billing.schemas';
import { Button } from '@web/components/button';
import { failureMessage } from '@web/components/error-message';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { TextAreaField } from '@web/components/textarea-field';
import { trpc } from '@web/lib/trpc';

function ProductFeaturesForm({ product }: { product: ProductOutput }) {
  const { t } = useLingui();
  const name = product.name;
  const addOnNote = product.addOnNote;
  const utils = trpc.useUtils();
  const [text, setText] = useState(product.features.join('\n'));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(product.features.join('\n')), [product]);
  const update = trpc.billing.updateFeatures.useMutation({
    onSuccess: (saved) => {
      const savedName = saved.name;
      setError(undefined);
      void utils.billing.products.invalidate();
      toast.success(t`${savedName}: what the plan includes was saved`);
    },
    onError: (failure) => setError(failureMessage(failure)),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: product.id, features: text.split('\n').map((line) => line.trim()).filter(Boolean) });
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={t`${name} includes`}>
      <TextAreaField label={t`${name} includes (one per line)`} rows={4} value={text} onChange={(event) => setText(event.target.value)} error={error} />
      {addOnNote && (
        <p className="text-xs text-slate-500">
          <Trans>Shown with the card: “Add On: {addOnNote}”.</Trans>
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" busy={update.isPending && update.variables?.features === null} onClick={() => update.mutate({ id: product.id, features: null })}>
          <Trans>Use the built-in list</Trans>
        </Button>
        <Button type="submit" size="sm" busy={update.isPending && update.variables?.features !== null}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Settings → Plans: what each plan card lists (the product page and Profile → Subscriptions). */
export function PlansForm() {
  const { t } = useLingui();
  const products = trpc.billing.products.useQuery();
  if (products.isPending) return <Spinner label={t`Loading plans`} className="py-10" />;
  if (products.isError) return <EmptyState title={t`The plans could not be loaded`}>{products.error.message}</EmptyState>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        <Trans>What each plan includes, as its card lists it. Whether features need a plan at all is the General setting “Features require a plan”.</Trans>
      </p>
      {products.data.map((product) => (
        <ProductFeaturesForm key={product.id} product={product} />
      ))}
    </div>
  );
}
