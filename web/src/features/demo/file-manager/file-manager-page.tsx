import { useMemo, useState } from 'react';
import { FileSpreadsheet, FileText, Folder, FolderOpen, HardDrive, WifiOff } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { Modal } from '@web/components/modal';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell, SidebarItem, SidebarSection } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { FileEntry } from '@server/domains/demo/files/files.schemas';
import { FallbackImage } from '../shared/fallback-image';

const typeIcons = { folder: Folder, document: FileText, spreadsheet: FileSpreadsheet } as const;
const typeLabels = { folder: msg`Folder`, document: msg`Document`, spreadsheet: msg`Spreadsheet` } as const;
const typeLabel = (type: FileEntry['type']) => i18n._(typeLabels[type]);
const ownerLabel = (owner: string) => (owner === 'me' ? i18n._(msg`Me`) : owner === 'public' ? i18n._(msg`Public`) : owner);

/** A view of the file list: everything, one location, or what is kept offline. */
type View = { kind: 'all' } | { kind: 'location'; location: string } | { kind: 'offline' };

function FileIcon({ file, className }: { file: FileEntry; className?: string }) {
  const Icon = typeIcons[file.type];
  return <Icon className={cx(file.type === 'folder' ? 'text-amber-500' : file.type === 'spreadsheet' ? 'text-green-600' : 'text-blue-600', className)} aria-hidden />;
}

function Details({ file }: { file: FileEntry }) {
  const { t } = useLingui();
  const rows: Array<[string, string]> = [
    [t`Type`, typeLabel(file.type)],
    [t`Size`, file.size || '—'],
    [t`Location`, file.location],
    [t`Owner`, ownerLabel(file.owner)],
    [t`Modified`, file.modified],
    [t`Opened`, file.opened],
    [t`Created`, file.created],
    [t`Extension`, file.extention || '—'],
    [t`Available offline`, file.offline ? t`Yes` : t`No`],
  ];
  return (
    <div className="space-y-4">
      {file.preview ? (
        <FallbackImage src={file.preview} alt={t`Preview of ${file.name}`} className="aspect-video w-full rounded-md" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center rounded-md bg-amber-50">
          <FolderOpen className="size-12 text-amber-500" aria-hidden />
        </div>
      )}
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-end text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function FileManager({ files }: { files: FileEntry[] }) {
  const { t } = useLingui();
  const [view, setView] = useState<View>({ kind: 'all' });
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mobileDetailsOpen, setMobileDetailsOpen] = useState(false);
  const locations = useMemo(() => [...new Set(files.map((file) => file.location))].sort(), [files]);

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return files
      .filter((file) => (view.kind === 'location' ? file.location === view.location : view.kind === 'offline' ? file.offline : true))
      .filter((file) => !needle || file.name.toLowerCase().includes(needle))
      .sort((a, b) => Number(b.type === 'folder') - Number(a.type === 'folder') || a.name.localeCompare(b.name));
  }, [files, view, query]);
  const selected = shown.find((file) => file.id === selectedId) ?? shown[0];

  function select(file: FileEntry) {
    setSelectedId(file.id);
    if (window.matchMedia('(max-width: 1279px)').matches) setMobileDetailsOpen(true);
  }

  const viewTitle = view.kind === 'all' ? t`All files` : view.kind === 'offline' ? t`Offline` : view.location;
  const sidebar = (close: () => void) => (
    <>
      <SidebarSection title={t`Browse`}>
        <SidebarItem label={t`All files`} icon={<HardDrive aria-hidden />} active={view.kind === 'all'} count={files.length} onClick={() => { setView({ kind: 'all' }); close(); }} />
        <SidebarItem label={t`Offline`} icon={<WifiOff aria-hidden />} active={view.kind === 'offline'} onClick={() => { setView({ kind: 'offline' }); close(); }} />
      </SidebarSection>
      <SidebarSection title={t`Folders`}>
        {locations.map((location) => (
          <SidebarItem
            key={location}
            label={location}
            icon={<Folder aria-hidden />}
            active={view.kind === 'location' && view.location === location}
            onClick={() => { setView({ kind: 'location', location }); close(); }}
          />
        ))}
      </SidebarSection>
    </>
  );

  return (
    <SampleAppShell title={t`File manager`} icon={<HardDrive aria-hidden />} subtitle={viewTitle} sidebar={sidebar} sidebarLabel={t`Folders`}>
      <div className="flex flex-col gap-4 xl:flex-row">
        <div className="min-w-0 flex-1 space-y-3">
          <SearchField label={t`Search files`} value={query} onChange={setQuery} className="max-w-md" />
          {shown.length === 0 ? (
            <EmptyState title={t`Nothing here`} icon={<FolderOpen className="size-10" aria-hidden />}>
              {query ? t`No file in ${viewTitle} matches “${query}”.` : t`${viewTitle} holds no files.`}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t`Files in ${viewTitle}`}>
              {shown.map((file) => (
                <li key={file.id}>
                  <button
                    type="button"
                    onClick={() => select(file)}
                    aria-current={selected?.id === file.id ? 'true' : undefined}
                    className={cx(
                      'flex w-full items-center gap-3 px-3 py-2.5 text-start text-sm focus-visible:outline-2 focus-visible:outline-brand-500',
                      selected?.id === file.id ? 'bg-brand-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <FileIcon file={file} className="size-5 shrink-0" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">{file.name}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {typeLabel(file.type)} · {ownerLabel(file.owner)} · <Trans>modified {file.modified}</Trans>
                      </span>
                    </span>
                    <span className="hidden shrink-0 text-xs text-slate-500 sm:block">{file.size}</span>
                    {file.offline && <WifiOff className="size-4 shrink-0 text-slate-400" aria-label={t`Available offline`} />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selected && (
          <aside className="hidden w-80 shrink-0 xl:block" aria-label={t`File details`}>
            <div className="sticky top-20 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <FileIcon file={selected} className="size-5 shrink-0" />
                <span className="truncate">{selected.name}</span>
              </h2>
              <Details file={selected} />
            </div>
          </aside>
        )}
      </div>
      <Modal open={mobileDetailsOpen && !!selected} onOpenChange={setMobileDetailsOpen} title={selected?.name ?? ''} description={t`File details`} className="xl:hidden">
        {selected && <Details file={selected} />}
      </Modal>
    </SampleAppShell>
  );
}

/** The file manager of the sample data: folders in the sidebar, the file list, and a detail panel. */
export default function FileManagerPage() {
  const { t } = useLingui();
  const files = trpc.demo.files.list.useQuery();
  if (files.data && files.data.length > 0) return <FileManager files={files.data} />;
  return (
    <SampleAppShell title={t`File manager`} icon={<HardDrive aria-hidden />}>
      <QueryState
        query={files}
        errorTitle={t`Could not load the files`}
        loading={<SkeletonList rows={8} label={t`Loading files`} />}
        empty={<EmptyState title={t`There are no files yet`} />}
      >
        {() => null}
      </QueryState>
    </SampleAppShell>
  );
}
