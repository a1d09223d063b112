import { useState } from 'react';
import { CheckCircle2, Database, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { downloadFile } from '@web/lib/download';
import { activeIntlLocale, formatDate, formatNumber } from '@web/lib/i18n/format';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';

function formatBytes(bytes: number): string {
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (bytes < 1024 * 1024) return formatNumber(bytes / 1024, { ...oneDecimal, style: 'unit', unit: 'kilobyte' });
  return formatNumber(bytes / (1024 * 1024), { ...oneDecimal, style: 'unit', unit: 'megabyte' });
}

const pendingList = (tags: string[]) => new Intl.ListFormat(activeIntlLocale(), { type: 'conjunction', style: 'narrow' }).format(tags);

/** `/migrate-db` (admins): the database engine, schema version and migrations, and a backup download. */
export default function MigrateDbPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Database`);
  const info = trpc.system.database.useQuery();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/api/admin/database-backup', 'cuepoint-backup.sqlite3');
      toast.success(t`Backup downloaded`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The backup could not be made`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <Database className="size-6 text-brand-700" aria-hidden /> <Trans>Database</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Migrations run when the server starts; a backup is a consistent copy of the live database.</Trans>
          </p>
        </div>
        <Button onClick={() => void download()} busy={downloading}>
          <Download className="size-4" aria-hidden /> <Trans>Download backup</Trans>
        </Button>
      </header>
      <QueryState query={info} loading={<Spinner label={t`Loading the database details`} />}
        isEmpty={() => false}
        errorTitle={t`The database details could not be loaded`}
      >
        {(data) => {
          const pendingTags = pendingList(data.pending);
          return (
          <>
            <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4">
              {[
                [t`Engine`, data.engine],
                [t`Journal`, data.journalMode.toUpperCase()],
                [t`Size`, formatBytes(data.sizeBytes)],
                [t`Schema version`, data.schemaVersion ?? t`none`],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-1 text-sm font-semibold break-all text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p role="status" className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm ${data.pending.length ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'}`}>
              <CheckCircle2 className="size-4" aria-hidden />
              {data.pending.length ? (
                <Plural
                  value={data.pending.length}
                  one={`# migration pending: ${pendingTags}. Restart the server to apply it.`}
                  other={`# migrations pending: ${pendingTags}. Restart the server to apply them.`}
                />
              ) : (
                <Trans>All migrations are applied: none pending.</Trans>
              )}
            </p>
            <section aria-labelledby="migrations-heading" className="rounded-xl border border-slate-200 bg-white">
              <h2 id="migrations-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                <Trans>Migrations</Trans>
              </h2>
              <table className="w-full text-start text-sm">
                <thead className="text-xs text-slate-500 uppercase">
                  <tr>
                    <th className="px-4 py-2">
                      <Trans>Migration</Trans>
                    </th>
                    <th className="px-4 py-2">
                      <Trans>Created</Trans>
                    </th>
                    <th className="px-4 py-2">
                      <Trans>State</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.migrations.map((migration) => (
                    <tr key={migration.tag} className="border-t border-slate-100">
                      <td className="px-4 py-2 font-mono text-slate-900">{migration.tag}</td>
                      <td className="px-4 py-2 text-slate-600">{formatDate(migration.createdAt)}</td>
                      <td className="px-4 py-2">{migration.applied ? t`Applied` : t`Pending`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
          );
        }}
      </QueryState>
    </div>
  );
}
