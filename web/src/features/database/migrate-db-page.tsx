import { useState } from 'react';
import { CheckCircle2, Database, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/button';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { downloadFile } from '@web/lib/download';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `/migrate-db` (admins): the database engine, schema version and migrations, and a backup download. */
export default function MigrateDbPage() {
  useDocumentTitle('Database');
  const info = trpc.system.database.useQuery();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/api/admin/database-backup', 'cuepoint-backup.sqlite3');
      toast.success('Backup downloaded');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The backup could not be made');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <Database className="size-6 text-brand-700" aria-hidden /> Database
          </h1>
          <p className="text-sm text-slate-600">Migrations run when the server starts; a backup is a consistent copy of the live database.</p>
        </div>
        <Button onClick={() => void download()} busy={downloading}>
          <Download className="size-4" aria-hidden /> Download backup
        </Button>
      </header>
      <QueryState query={info} loading={<Spinner label="Loading the database details" />} isEmpty={() => false} errorTitle="The database details could not be loaded">
        {(data) => (
          <>
            <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4">
              {[
                ['Engine', data.engine],
                ['Journal', data.journalMode.toUpperCase()],
                ['Size', formatBytes(data.sizeBytes)],
                ['Schema version', data.schemaVersion ?? 'none'],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-1 text-sm font-semibold break-all text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p role="status" className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm ${data.pending.length ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900'}`}>
              <CheckCircle2 className="size-4" aria-hidden />
              {data.pending.length
                ? `${data.pending.length} migration(s) pending: ${data.pending.join(', ')}. Restart the server to apply them.`
                : 'All migrations are applied: none pending.'}
            </p>
            <section aria-labelledby="migrations-heading" className="rounded-xl border border-slate-200 bg-white">
              <h2 id="migrations-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
                Migrations
              </h2>
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-500 uppercase">
                  <tr>
                    <th className="px-4 py-2">Migration</th>
                    <th className="px-4 py-2">Created</th>
                    <th className="px-4 py-2">State</th>
                  </tr>
                </thead>
                <tbody>
                  {data.migrations.map((migration) => (
                    <tr key={migration.tag} className="border-t border-slate-100">
                      <td className="px-4 py-2 font-mono text-slate-900">{migration.tag}</td>
                      <td className="px-4 py-2 text-slate-600">{new Date(migration.createdAt).toLocaleDateString()}</td>
                      <td className="px-4 py-2">{migration.applied ? 'Applied' : 'Pending'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
