import { FileText, Printer } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { formatNumber } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { sampleInvoiceId, type Invoice } from '@server/domains/demo/invoices/invoices.schemas';

const money = (value: string) => formatNumber(Number(value), { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Printing shows the invoice alone, on white, without the app around it. */
const printStyles = `@media print {
  body * { visibility: hidden !important; }
  #printable-invoice, #printable-invoice * { visibility: visible !important; }
  #printable-invoice { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  const totals: Array<[string, string]> = [
    [t`Subtotal`, invoice.subtotal],
    [t`Tax`, invoice.tax],
    [t`Discount`, String(-Math.abs(Number(invoice.discount)))],
  ];
  return (
    <>
      <style>{printStyles}</style>
      <div className="flex justify-end">
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          <Trans>Print</Trans>
        </Button>
      </div>
      <article id="printable-invoice" className="space-y-8 rounded-lg border border-slate-200 bg-white p-4 text-slate-800 sm:p-10" aria-label={t`Invoice ${invoice.number}`}>
        <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
          <div>
            <p className="text-3xl font-bold text-brand-600">
              <Trans>Invoice</Trans>
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">
                <Trans>Number</Trans>
              </dt>
              <dd className="font-medium">{invoice.number}</dd>
              <dt className="text-slate-500">
                <Trans>Date</Trans>
              </dt>
              <dd>{invoice.date}</dd>
              <dt className="text-slate-500">
                <Trans>Due date</Trans>
              </dt>
              <dd>{invoice.dueDate}</dd>
            </dl>
          </div>
          <div className="text-sm sm:text-end">
            <p className="font-semibold">{invoice.from.title}</p>
            <p className="whitespace-pre-line text-slate-600">{invoice.from.address}</p>
            <p className="text-slate-600">{invoice.from.phone}</p>
            <p className="break-all text-slate-600">{invoice.from.email}</p>
            <p className="break-all text-slate-600">{invoice.from.website}</p>
          </div>
        </header>
        <section aria-label={t`Billed to`} className="text-sm">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Trans>Billed to</Trans>
          </p>
          <p className="mt-1 font-semibold">{invoice.client.title}</p>
          <p className="whitespace-pre-line text-slate-600">{invoice.client.address}</p>
          <p className="text-slate-600">{invoice.client.phone}</p>
          <p className="break-all text-slate-600">{invoice.client.email}</p>
        </section>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[520px] text-start text-sm">
            <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pe-3">
                  <Trans>Service</Trans>
                </th>
                <th scope="col" className="py-2 pe-3">
                  <Trans>Unit price</Trans>
                </th>
                <th scope="col" className="py-2 pe-3">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col" className="py-2 text-end">
                  <Trans>Total</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoice.services.map((service) => (
                <tr key={service.id}>
                  <td className="py-3 pe-3">
                    <p className="font-medium">{service.title}</p>
                    <p className="text-xs text-slate-500">{service.detail}</p>
                  </td>
                  <td className="py-3 pe-3">{money(service.unitPrice)}</td>
                  <td className="py-3 pe-3">
                    {service.quantity} {service.unit}
                  </td>
                  <td className="py-3 text-end">{money(service.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ms-auto max-w-xs space-y-1 text-sm">
          {totals.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-8">
              <dt className="text-slate-500">{label}</dt>
              <dd>{money(value)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-8 border-t border-slate-300 pt-2 text-lg font-bold">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{money(invoice.total)}</dd>
          </div>
        </dl>
        <footer className="border-t border-slate-100 pt-4 text-xs text-slate-500">
          <Trans>Please pay within 15 days. Thank you for your business.</Trans>
        </footer>
      </article>
    </>
  );
}

/** The sample invoice, ready to print. */
export default function InvoicePage() {
  const { t } = useLingui();
  const invoice = trpc.demo.invoices.get.useQuery({ id: sampleInvoiceId });
  return (
    <SampleAppShell title={t`Invoice`} icon={<FileText aria-hidden />} subtitle={t`Printable invoice`}>
      <QueryState query={invoice} errorTitle={t`Could not load the invoice`} loading={<SkeletonCards count={1} label={t`Loading the invoice`} className="sm:grid-cols-1 xl:grid-cols-1" />}>
        {(loaded) => <InvoiceSheet invoice={loaded} />}
      </QueryState>
    </SampleAppShell>
  );
}
