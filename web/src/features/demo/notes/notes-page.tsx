import { useMemo, useState } from 'react';
import { Archive, ArchiveRestore, Bell, Pencil, Plus, StickyNote, Tag } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell, SidebarItem, SidebarSection } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonCards } from '@web/components/skeleton';
import { useSearchParams } from '@web/components/use-search-param';
import { trpc } from '@web/lib/trpc';
import { LabelEditor } from './label-editor';
import { NoteDialog } from './note-dialog';
import { formatDateTime } from '@web/components/datetime-local';
import { emptyDraft, sameLabel, type Note, type NoteDraft, type NoteLabel } from './note-types';

type View = 'notes' | 'reminders' | 'archive';

/** Which notes a view shows: archived ones only under Archive; a label shows the unarchived notes carrying it. */
export function notesInView(notes: Note[], view: View, labelId: string | null, search: string): Note[] {
  const needle = search.trim().toLowerCase();
  return notes.filter((note) => {
    if (view === 'archive' ? !note.archive : note.archive) return false;
    if (view === 'reminders' && !note.reminder) return false;
    if (labelId && !note.labels.some((id) => String(id) === labelId)) return false;
    if (needle && !`${note.title} ${note.description} ${note.checklist.map((item) => item.text).join(' ')}`.toLowerCase().includes(needle)) return false;
    return true;
  });
}

function NoteCard({ note, labels, onOpen, onToggleArchive }: { note: Note; labels: NoteLabel[]; onOpen: () => void; onToggleArchive: () => void }) {
  const { t } = useLingui();
  const name = note.title || t`note`;
  const noteLabels = labels.filter((label) => note.labels.some((id) => sameLabel(id, label.id)));
  return (
    <li className="mb-4 break-inside-avoid">
      <article className="group rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
        <button type="button" onClick={onOpen} className="block w-full p-4 text-start focus-visible:outline-2 focus-visible:outline-brand-500">
          <span className="sr-only">{note.title ? t`Open note` : t`Open untitled note`} </span>
          {note.title && <h2 className="mb-1 font-semibold text-slate-900">{note.title}</h2>}
          {note.description && <p className="whitespace-pre-line text-sm text-slate-700">{note.description}</p>}
          {note.checklist.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm">
              {note.checklist.map((item) => (
                <li key={item.id} className={cx('flex items-center gap-2', item.checked ? 'text-slate-500 line-through' : 'text-slate-700')}>
                  <span aria-hidden className={cx('size-3.5 shrink-0 rounded-sm border', item.checked ? 'border-brand-500 bg-brand-500' : 'border-slate-400')} />
                  {item.text}
                </li>
              ))}
            </ul>
          )}
          {note.reminder && (
            <p className="mt-3 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              <Bell className="size-3" aria-hidden />
              {formatDateTime(note.reminder)}
            </p>
          )}
          {noteLabels.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-1">
              {noteLabels.map((label) => (
                <span key={String(label.id)} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                  {label.name}
                </span>
              ))}
            </div>
          )}
        </button>
        <div className="flex justify-end gap-1 border-t border-slate-100 px-2 py-1">
          <button type="button" onClick={onToggleArchive} className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label={note.archive ? t`Unarchive ${name}` : t`Archive ${name}`}>
            {note.archive ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
          </button>
        </div>
      </article>
    </li>
  );
}

/** Notes: a masonry of notes with views, a label filter and search; create, edit, archive, delete; the label editor. */
export default function NotesPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const notes = trpc.demo.notes.notes.useQuery();
  const labels = trpc.demo.notes.labels.useQuery();
  const [params, setParams] = useSearchParams();
  const view = (['reminders', 'archive'].includes(params.get('view') ?? '') ? params.get('view') : 'notes') as View;
  const labelId = params.get('label');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<NoteDraft | null>(null);
  const [labelEditorOpen, setLabelEditorOpen] = useState(false);
  const labelList = labels.data ?? [];

  const createNote = trpc.demo.notes.createNote.useMutation({
    onSuccess: (created) => {
      utils.demo.notes.notes.setData(undefined, (current) => [created, ...(current ?? [])]);
      void utils.demo.notes.notes.invalidate();
      toast.success(t`Note added`);
      setEditing(null);
    },
    onError: (error) => toast.error(failureMessage(error, t`The note could not be added.`)),
  });
  const updateNote = trpc.demo.notes.updateNote.useMutation({
    onMutate: async (variables) => {
      // The input type also admits the template client's looser forms; this screen only ever sends a stored note.
      const note = variables.note as Note;
      await utils.demo.notes.notes.cancel();
      const previous = utils.demo.notes.notes.getData();
      utils.demo.notes.notes.setData(undefined, (current) => current?.map((other) => (other.id === note.id ? note : other)));
      return { previous };
    },
    onError: (error, _input, context) => {
      utils.demo.notes.notes.setData(undefined, context?.previous);
      toast.error(failureMessage(error, t`The note could not be saved.`));
    },
    onSuccess: () => {
      toast.success(t`Note saved`);
      setEditing(null);
    },
    onSettled: () => void utils.demo.notes.notes.invalidate(),
  });
  const removeNote = trpc.demo.notes.removeNote.useMutation({
    onSuccess: (remaining) => {
      utils.demo.notes.notes.setData(undefined, remaining);
      toast.success(t`Note deleted`);
      setEditing(null);
    },
    onError: (error) => toast.error(failureMessage(error, t`The note could not be deleted.`)),
  });
  const updateLabels = trpc.demo.notes.updateLabels.useMutation({
    onSuccess: (saved) => {
      utils.demo.notes.labels.setData(undefined, saved);
      toast.success(t`Labels saved`);
      setLabelEditorOpen(false);
      if (labelId && !saved.some((label) => String(label.id) === labelId)) setParams({ label: null });
    },
    onError: (error) => toast.error(failureMessage(error, t`The labels could not be saved.`)),
  });

  const existing = useMemo(() => new Map((notes.data ?? []).map((note) => [note.id, note])), [notes.data]);

  function save(draft: NoteDraft) {
    const stored = draft.id ? existing.get(draft.id) : undefined;
    if (stored) updateNote.mutate({ note: { ...stored, ...draft, id: stored.id } });
    else createNote.mutate({ note: { ...draft, time: new Date().toISOString() } });
  }

  function toggleArchive(note: Note) {
    updateNote.mutate({ note: { ...note, archive: !note.archive } });
  }

  const choose = (action: () => void, close: () => void) => {
    action();
    close();
  };

  const viewTitle = labelId ? (labelList.find((label) => String(label.id) === labelId)?.name ?? t`Label`) : { notes: t`Notes`, reminders: t`Reminders`, archive: t`Archive` }[view];

  return (
    <SampleAppShell
      title={t`Notes`}
      subtitle={viewTitle}
      icon={<StickyNote aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setEditing(emptyDraft(labelId ? labelList.filter((label) => String(label.id) === labelId).map((label) => label.id) : []))}>
          <Plus className="size-4" aria-hidden />
          <Trans>New note</Trans>
        </Button>
      }
      sidebarLabel={t`Note views and labels`}
      sidebar={(close) => (
        <>
          <SidebarSection>
            <SidebarItem label={t`Notes`} icon={<StickyNote aria-hidden />} active={view === 'notes' && !labelId} onClick={() => choose(() => setParams({ view: null, label: null }), close)} />
            <SidebarItem label={t`Reminders`} icon={<Bell aria-hidden />} active={view === 'reminders'} onClick={() => choose(() => setParams({ view: 'reminders', label: null }), close)} />
            <SidebarItem label={t`Archive`} icon={<Archive aria-hidden />} active={view === 'archive'} onClick={() => choose(() => setParams({ view: 'archive', label: null }), close)} />
          </SidebarSection>
          <SidebarSection title={t`Labels`}>
            {labelList.map((label) => (
              <SidebarItem key={String(label.id)} label={label.name} icon={<Tag aria-hidden />} active={labelId === String(label.id)} onClick={() => choose(() => setParams({ view: null, label: String(label.id) }), close)} />
            ))}
            <SidebarItem label={t`Edit labels`} icon={<Pencil aria-hidden />} onClick={() => choose(() => setLabelEditorOpen(true), close)} />
          </SidebarSection>
        </>
      )}
    >
      <SearchField label={t`Search notes`} value={search} onChange={setSearch} />
      <QueryState query={notes} loading={<SkeletonCards count={6} label={t`Loading notes`} />} errorTitle={t`Could not load the notes`}>
        {(list) => {
          const shown = notesInView(list, view, labelId, search);
          if (shown.length === 0) {
            return (
              <EmptyState title={search ? t`No notes match` : view === 'archive' ? t`No archived notes` : view === 'reminders' ? t`No reminders` : t`No notes yet`}>
                {view === 'notes' && !search ? t`Use "New note" to write your first one.` : t`Notes that fit this view will show here.`}
              </EmptyState>
            );
          }
          return (
            <ul className="columns-1 gap-4 sm:columns-2 xl:columns-3" aria-label={t`Notes`}>
              {shown.map((note) => (
                <NoteCard key={note.id} note={note} labels={labelList} onOpen={() => setEditing(note)} onToggleArchive={() => toggleArchive(note)} />
              ))}
            </ul>
          );
        }}
      </QueryState>
      <NoteDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        note={editing ?? emptyDraft()}
        labels={labelList}
        saving={createNote.isPending || updateNote.isPending}
        deleting={removeNote.isPending}
        onSave={save}
        onDelete={editing?.id ? () => removeNote.mutate({ noteId: editing.id! }) : undefined}
      />
      <LabelEditor open={labelEditorOpen} onOpenChange={setLabelEditorOpen} labels={labelList} saving={updateLabels.isPending} onSave={(next) => updateLabels.mutate({ labels: next })} />
    </SampleAppShell>
  );
}
