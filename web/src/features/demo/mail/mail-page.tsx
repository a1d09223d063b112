import { useEffect, useRef, useState } from 'react';
import { AlertCircle, ArrowLeft, FileText, FolderInput, Inbox, Mail as MailIcon, MailOpen, Paperclip, Pencil, Reply, Send, ShieldAlert, Star, Tag, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SafeHtml } from '@web/components/safe-html';
import { SampleAppShell, SidebarItem, SidebarSection } from '@web/components/sample-app-shell';
import { Skeleton, SkeletonList, SkeletonText } from '@web/components/skeleton';
import { useSearchParams } from '@web/components/use-search-param';
import { trpc } from '@web/lib/trpc';
import { LabelChip, StarToggle } from '../shared/item-controls';
import { BulkDeleteButton, BulkMenu, SelectCheckbox, SelectionBar, useSelection } from '../shared/selection';
import { ComposeDialog } from './compose-dialog';
import { mailListInput, type Mail, type MailLabel } from './mail-types';

const folderIcons: Record<string, typeof Inbox> = { inbox: Inbox, sent: Send, drafts: FileText, spam: ShieldAlert, trash: Trash2 };

function LabelChips({ mail, labels }: { mail: Mail; labels: MailLabel[] }) {
  const chips = labels.filter((label) => mail.labels.includes(label.id));
  if (chips.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {chips.map((label) => (
        <LabelChip key={label.id} title={label.title} color={label.color} />
      ))}
    </span>
  );
}

function ReadingPane({ mailId, labels, onBack, onReply, onPatch, onDelete }: { mailId: string; labels: MailLabel[]; onBack: () => void; onReply: (mail: Mail) => void; onPatch: (mail: Mail, patch: Partial<Mail>, message?: string) => void; onDelete: (mail: Mail) => void }) {
  const { t } = useLingui();
  const mail = trpc.demo.mail.mail.useQuery({ mailId });
  const markedRead = useRef<string | null>(null);
  useEffect(() => {
    if (mail.data && !mail.data.read && markedRead.current !== mail.data.id) {
      markedRead.current = mail.data.id;
      onPatch(mail.data, { read: true });
    }
  }, [mail.data, onPatch]);
  return (
    <QueryState
      query={mail}
      loading={
        <div role="status" aria-label={t`Loading the mail`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
          <Skeleton className="h-6 w-2/3" />
          <SkeletonText lines={8} />
        </div>
      }
      errorTitle={t`Could not open this mail`}
    >
      {(data) => (
        <article className="rounded-lg border border-slate-200 bg-white" aria-label={t`Mail`}>
          <div className="flex flex-wrap items-center gap-1 border-b border-slate-100 p-2">
            <Button variant="ghost" size="sm" onClick={onBack}>
              <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
              <Trans>Back</Trans>
            </Button>
            <div className="flex-1" />
            <button type="button" onClick={() => onPatch(data, { starred: !data.starred }, data.starred ? t`Unstarred` : t`Starred`)} className={cx('rounded p-2', data.starred ? 'text-amber-500' : 'text-slate-500 hover:bg-slate-100')} aria-pressed={data.starred} aria-label={data.starred ? t`Unstar` : t`Star`}>
              <Star className={cx('size-4', data.starred && 'fill-current')} aria-hidden />
            </button>
            <button type="button" onClick={() => onPatch(data, { important: !data.important }, data.important ? t`Marked as not important` : t`Marked as important`)} className={cx('rounded p-2', data.important ? 'text-red-500' : 'text-slate-500 hover:bg-slate-100')} aria-pressed={data.important} aria-label={data.important ? t`Mark as not important` : t`Mark as important`}>
              <AlertCircle className="size-4" aria-hidden />
            </button>
            <button type="button" onClick={() => {
                onPatch(data, { read: false }, t`Marked as unread`);
                onBack();
              }} className="rounded p-2 text-slate-500 hover:bg-slate-100" aria-label={t`Mark as unread`}>
              <MailIcon className="size-4" aria-hidden />
            </button>
            <button type="button" onClick={() => onDelete(data)} className="rounded p-2 text-slate-500 hover:bg-red-50 hover:text-red-600" aria-label={t`Delete mail`}>
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
          <div className="space-y-4 p-4 sm:p-6">
            <div className="space-y-2">
              <h2 className="text-xl font-semibold text-slate-900">{data.subject || t`(no subject)`}</h2>
              <LabelChips mail={data} labels={labels} />
            </div>
            <div className="flex items-start gap-3">
              <Avatar name={data.from.name} imageUrl={data.from.avatar || null} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900">
                  {data.from.name} <span className="font-normal text-slate-500">&lt;{data.from.email}&gt;</span>
                </p>
                <p className="truncate text-slate-500">
                  <Trans>to {data.to.map((person) => person.name || person.email).join(', ')}</Trans>
                </p>
              </div>
              <span className="shrink-0 text-xs text-slate-500">{data.time}</span>
            </div>
            <SafeHtml html={data.message} />
            {data.attachments.length > 0 && (
              <div>
                <h3 className="mb-2 flex items-center gap-1 text-sm font-semibold text-slate-700">
                  <Paperclip className="size-4" aria-hidden />
                  <Plural value={data.attachments.length} one="# attachment" other="# attachments" />
                </h3>
                <ul className="flex flex-wrap gap-2">
                  {data.attachments.map((attachment) => (
                    <li key={attachment.fileName} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
                      <span className="block font-medium text-slate-800">{attachment.fileName}</span>
                      <span className="text-xs text-slate-500">{attachment.size}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Button variant="secondary" onClick={() => onReply(data)}>
              <Reply className="size-4" aria-hidden />
              <Trans>Reply</Trans>
            </Button>
          </div>
        </article>
      )}
    </QueryState>
  );
}

/** Mail: folders, filters and labels; a list with selection, bulk move, label toggle and delete; reading pane; composer. */
export default function MailPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [params, setParams] = useSearchParams();
  const input = mailListInput(params);
  const openMailId = params.get('mail');
  const mails = trpc.demo.mail.mails.useQuery(input);
  const folders = trpc.demo.mail.folders.useQuery();
  const filters = trpc.demo.mail.filters.useQuery();
  const labels = trpc.demo.mail.labels.useQuery();
  const labelList = labels.data ?? [];
  const selection = useSelection();
  const [composing, setComposing] = useState<{ to?: string; subject?: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);

  const refresh = () => {
    void utils.demo.mail.mails.invalidate();
    void utils.demo.mail.mail.invalidate();
  };
  const onError = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));

  const updateMail = trpc.demo.mail.updateMail.useMutation({
    onMutate: async (mail) => {
      await utils.demo.mail.mails.cancel(input);
      const previousList = utils.demo.mail.mails.getData(input);
      const previousMail = utils.demo.mail.mail.getData({ mailId: mail.id });
      utils.demo.mail.mails.setData(input, (current) => current?.map((other) => (other.id === mail.id ? mail : other)));
      utils.demo.mail.mail.setData({ mailId: mail.id }, mail);
      return { previousList, previousMail };
    },
    onError: (error, mail, context) => {
      utils.demo.mail.mails.setData(input, context?.previousList);
      utils.demo.mail.mail.setData({ mailId: mail.id }, context?.previousMail);
      toast.error(failureMessage(error, t`The mail could not be updated.`));
    },
    onSettled: refresh,
  });
  const setFolder = trpc.demo.mail.setFolder.useMutation({
    onSuccess: (moved, { folderId }) => {
      const folderTitle = folders.data?.find((item) => item.id === folderId)?.title;
      toast.success(
        folderTitle
          ? plural(moved.length, { one: `# mail moved to ${folderTitle}`, other: `# mails moved to ${folderTitle}` })
          : plural(moved.length, { one: '# mail moved', other: '# mails moved' }),
      );
      selection.clear();
    },
    onError: onError(t`The mails could not be moved.`),
    onSettled: refresh,
  });
  const toggleLabel = trpc.demo.mail.toggleLabel.useMutation({
    onSuccess: (_mails, { labelId }) => {
      const labelTitle = labelList.find((label) => label.id === labelId)?.title ?? '';
      toast.success(t`Label ${labelTitle} toggled`);
    },
    onError: onError(t`The label could not be changed.`),
    onSettled: refresh,
  });
  const deleteMails = trpc.demo.mail.deleteMails.useMutation({
    onSuccess: (ids) => {
      toast.success(plural(ids.length, { one: '# mail deleted', other: '# mails deleted' }));
      selection.clear();
      setConfirmDelete(null);
      if (openMailId && ids.includes(openMailId)) setParams({ mail: null });
    },
    onError: onError(t`The mails could not be deleted.`),
    onSettled: refresh,
  });

  const patchMail = (mail: Mail, patch: Partial<Mail>, message?: string) =>
    updateMail.mutate({ ...mail, ...patch }, { onSuccess: () => message && toast.success(message) });

  const list = mails.data ?? [];
  const listIds = list.map((mail) => mail.id);
  const selectedIds = selection.among(listIds);
  const go = (changes: Record<string, string | null>, close: () => void) => {
    setParams({ folder: null, filter: null, label: null, mail: null, ...changes });
    selection.clear();
    close();
  };
  const current = 'labelHandle' in input ? labelList.find((label) => label.handle === input.labelHandle)?.title : 'filterHandle' in input ? filters.data?.find((filter) => filter.handle === input.filterHandle)?.title : folders.data?.find((folder) => folder.handle === input.folderHandle)?.title;

  return (
    <SampleAppShell
      title={t`Mail`}
      subtitle={current ?? t`Inbox`}
      icon={<MailIcon aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setComposing({})}>
          <Pencil className="size-4" aria-hidden />
          <Trans>Compose</Trans>
        </Button>
      }
      sidebarLabel={t`Mail folders, filters and labels`}
      sidebar={(close) => (
        <>
          <SidebarSection title={t`Folders`}>
            {(folders.data ?? []).map((folder) => {
              const Icon = folderIcons[folder.handle] ?? Inbox;
              return <SidebarItem key={folder.id} label={folder.title} icon={<Icon aria-hidden />} active={'folderHandle' in input && input.folderHandle === folder.handle} onClick={() => go({ folder: folder.handle === 'inbox' ? null : folder.handle }, close)} />;
            })}
          </SidebarSection>
          <SidebarSection title={t`Filters`}>
            {(filters.data ?? []).map((filter) => (
              <SidebarItem key={filter.id} label={filter.title} icon={filter.handle === 'starred' ? <Star aria-hidden /> : <AlertCircle aria-hidden />} active={'filterHandle' in input && input.filterHandle === filter.handle} onClick={() => go({ filter: filter.handle }, close)} />
            ))}
          </SidebarSection>
          <SidebarSection title={t`Labels`}>
            {labelList.map((label) => (
              <SidebarItem key={label.id} label={label.title} color={label.color} active={'labelHandle' in input && input.labelHandle === label.handle} onClick={() => go({ label: label.handle }, close)} />
            ))}
          </SidebarSection>
        </>
      )}
    >
      {openMailId ? (
        <ReadingPane
          mailId={openMailId}
          labels={labelList}
          onBack={() => setParams({ mail: null })}
          onReply={(mail) => setComposing({ to: mail.from.email, subject: mail.subject.startsWith('Re:') ? mail.subject : `Re: ${mail.subject}` })}
          onPatch={patchMail}
          onDelete={(mail) => setConfirmDelete([mail.id])}
        />
      ) : (
        <>
          <SelectionBar
            noun={t`mails`}
            ids={listIds}
            selection={selection}
            flatActions
            className="min-h-12"
            actions={
              <>
                <BulkMenu label={t`Move to folder`} icon={<FolderInput className="size-4" aria-hidden />} text={t`Move to`} items={folders.data ?? []} onSelect={(folderId) => setFolder.mutate({ selectedMailIds: selectedIds, folderId })} />
                <BulkMenu label={t`Toggle label`} icon={<Tag className="size-4" aria-hidden />} text={t`Label`} items={labelList} onSelect={(labelId) => toggleLabel.mutate({ selectedMailIds: selectedIds, labelId })} />
                <BulkDeleteButton label={t`Delete selected mails`} onClick={() => setConfirmDelete(selectedIds)} />
              </>
            }
            idle={<span className="text-sm text-slate-500">{list.length} {list.length === 1 ? 'mail' : 'mails'}</span>}
          />
          <QueryState query={mails} loading={<SkeletonList rows={8} label={t`Loading mails`} />}
            empty={<EmptyState title={t`There are no messages here`} icon={<MailOpen className="size-10" aria-hidden />} />}
            errorTitle={t`Could not load the mails`}
          >
            {(items) => (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t`Mails`}>
                {items.map((mail) => (
                  <li key={mail.id} className={cx('flex items-start gap-2 px-2 py-3 sm:px-3', selection.has(mail.id) ? 'bg-brand-50/60' : !mail.read && 'bg-white', mail.read && !selection.has(mail.id) && 'bg-slate-50/60')} data-testid="mail-row">
                    <SelectCheckbox name={mail.subject} className="mt-1" checked={selection.has(mail.id)} onChange={(checked) => selection.toggle(mail.id, checked)} />
                    <StarToggle name={mail.subject} starred={mail.starred} className="p-0.5" onToggle={() => patchMail(mail, { starred: !mail.starred }, mail.starred ? t`Unstarred` : t`Starred`)} />
                    <button type="button" onClick={() => setParams({ mail: mail.id })} className="flex min-w-0 flex-1 items-start gap-3 text-start">
                      <span className="sr-only">
                        <Trans>Open</Trans>{' '}
                      </span>
                      <Avatar name={mail.from.name} imageUrl={mail.from.avatar || null} className="hidden sm:flex" />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline justify-between gap-2">
                          <span className={cx('truncate text-sm', mail.read ? 'text-slate-700' : 'font-semibold text-slate-900')}>{mail.from.name}</span>
                          <span className="shrink-0 text-xs text-slate-500">{mail.time}</span>
                        </span>
                        <span className={cx('block truncate text-sm', mail.read ? 'text-slate-600' : 'font-medium text-slate-900')}>
                          {mail.hasAttachments && <Paperclip className="me-1 inline size-3.5" role="img" aria-label={t`Has attachments`} />}
                          {mail.subject || t`(no subject)`}
                        </span>
                        <span className="mt-1 block">
                          <LabelChips mail={mail} labels={labelList} />
                        </span>
                      </span>
                      {!mail.read && (
                        <span className="sr-only">
                          <Trans>(unread)</Trans>
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
      <ComposeDialog open={composing !== null} onOpenChange={(open) => !open && setComposing(null)} initial={composing ?? undefined} />
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title={confirmDelete && confirmDelete.length > 1 ? plural(confirmDelete.length, { one: 'Delete # mail?', other: 'Delete # mails?' }) : t`Delete this mail?`}
        description={t`Deleted mails are removed altogether.`}
        confirmLabel={t`Delete`}
        destructive
        busy={deleteMails.isPending}
        onConfirm={() => confirmDelete && deleteMails.mutate({ selectedMailIds: confirmDelete })}
      />
    </SampleAppShell>
  );
}
