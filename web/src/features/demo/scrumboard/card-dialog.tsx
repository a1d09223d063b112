import { useEffect, useState, type ReactNode } from 'react';
import { CalendarClock, CheckSquare, Image as ImageIcon, Link2, MessageSquare, Paperclip, Plus, Tag, Trash2, UserRound, X, Bell, BellOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { formatDateTime } from '@web/components/datetime-local';
import { localId } from '@web/components/local-id';
import { Modal } from '@web/components/modal';
import { formatNumber } from '@web/lib/i18n/format';
import { useSession } from '@web/lib/session-store';
import { labelClass, type Board, type Card } from './board-types';

/** `yyyy-mm-dd` for a date input from a stored date or date-time. */
const dateInput = (due: string | null) => (due ? due.slice(0, 10) : '');

/** Checked and total items over every checklist of a card. */
export function checklistProgress(card: Pick<Card, 'checklists'>) {
  const items = card.checklists.flatMap((list) => list.checkItems);
  return { checked: items.filter((item) => item.checked).length, total: items.length };
}

const safeUrl = (value: string) => /^https?:\/\//i.test(value.trim());

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-800 [&>svg]:size-4 [&>svg]:text-slate-500">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

export interface CardDialogProps {
  board: Board;
  card: Card | null;
  onClose: () => void;
  onChange: (card: Card) => void;
  onRemove: (cardId: string) => void;
  removing: boolean;
}

/** A card: name, description, due date, labels, members, checklists, attachments, comments, subscription; each change is saved. */
export function CardDialog({ board, card, onClose, onChange, onRemove, removing }: CardDialogProps) {
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [comment, setComment] = useState('');
  const [newChecklist, setNewChecklist] = useState('');
  const [newItems, setNewItems] = useState<Record<string, string>>({});
  const [link, setLink] = useState({ name: '', url: '' });
  const [confirmRemove, setConfirmRemove] = useState(false);
  useEffect(() => {
    setName(card?.name ?? '');
    setDescription(card?.description ?? '');
  }, [card?.id, card?.name, card?.description]);
  if (!card) return null;
  const current = card;
  const commit = (patch: Partial<Card>) => onChange({ ...current, ...patch });
  const memberName = (id: string) => board.members.find((member) => member.id === id)?.name ?? (id === user?.id ? user.displayName : t`A teammate`);
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]);
  const progress = checklistProgress(current);
  const now = () => new Date().toISOString();
  const comments = [...current.activities].sort((a, b) => b.time.localeCompare(a.time));
  const cardName = current.name;

  function addLink() {
    if (!link.name.trim() || !safeUrl(link.url)) return;
    const attachment = { id: localId(), name: link.name.trim(), url: link.url.trim(), time: now(), type: 'link' as const };
    const attachmentName = attachment.name;
    commit({
      attachments: [...current.attachments, attachment],
      activities: [...current.activities, { id: localId(), type: 'attachment', idMember: user?.id ?? 'me', message: t`attached ${attachmentName}`, time: attachment.time }],
    });
    setLink({ name: '', url: '' });
  }

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        size="lg"
        title={
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => name.trim() && name.trim() !== current.name && commit({ name: name.trim() })}
            onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
            maxLength={200}
            aria-label={t`Card name`}
            className="w-full rounded border border-transparent px-1 text-lg font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
          />
        }
        footer={
          <>
            <Button variant="ghost" className="me-auto text-red-600" onClick={() => setConfirmRemove(true)}>
              <Trash2 className="size-4" aria-hidden />
              <Trans>Delete card</Trans>
            </Button>
            <Button variant="secondary" onClick={() => commit({ subscribed: !current.subscribed })} aria-pressed={current.subscribed}>
              {current.subscribed ? <BellOff className="size-4" aria-hidden /> : <Bell className="size-4" aria-hidden />}
              {current.subscribed ? t({ message: 'Unsubscribe', context: 'follow a card' }) : t({ message: 'Subscribe', context: 'follow a card' })}
            </Button>
            <Button onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </>
        }
      >
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block space-y-1 text-sm">
              <span className="flex items-center gap-2 font-medium text-slate-700">
                <CalendarClock className="size-4 text-slate-500" aria-hidden />
                <Trans>Due date</Trans>
              </span>
              <input type="date" value={dateInput(current.due)} onChange={(event) => commit({ due: event.target.value || null })} className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none" />
            </label>
            {progress.total > 0 && (
              <div className="space-y-1 text-sm">
                <span className="font-medium text-slate-700">
                  <Trans>Checklist progress</Trans>
                </span>
                <div className="flex items-center gap-2">
                  <div className="h-2 flex-1 overflow-hidden rounded bg-slate-200">
                    <div className="h-full bg-brand-500" style={{ width: `${Math.round((progress.checked / progress.total) * 100)}%` }} />
                  </div>
                  <span className="text-xs text-slate-600">
                    {formatNumber(progress.checked)}/{formatNumber(progress.total)}
                  </span>
                </div>
              </div>
            )}
          </div>

          <Section icon={<Tag />} title={t`Labels`}>
            <div className="flex flex-wrap gap-2">
              {board.labels.map((label) => {
                const active = current.idLabels.includes(label.id);
                return (
                  <button key={label.id} type="button" aria-pressed={active} onClick={() => commit({ idLabels: toggle(current.idLabels, label.id) })} className={cx('rounded-full px-3 py-1 text-xs font-medium', active ? labelClass(label.class) : 'border border-slate-300 text-slate-600 hover:bg-slate-100')}>
                    {label.name}
                  </button>
                );
              })}
            </div>
          </Section>

          <Section icon={<UserRound />} title={t`Members`}>
            <div className="flex flex-wrap gap-2">
              {board.members.map((member) => {
                const active = current.idMembers.includes(member.id);
                return (
                  <button key={member.id} type="button" aria-pressed={active} onClick={() => commit({ idMembers: toggle(current.idMembers, member.id) })} className={cx('flex items-center gap-2 rounded-full border py-0.5 ps-0.5 pe-3 text-xs', active ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-200 text-slate-600 hover:bg-slate-50')}>
                    <Avatar name={member.name} imageUrl={member.avatar || null} className="size-6 text-[10px]" />
                    {member.name}
                  </button>
                );
              })}
            </div>
          </Section>

          <Section icon={<MessageSquare />} title={t`Description`}>
            <textarea
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              onBlur={() => description !== current.description && commit({ description })}
              rows={3}
              maxLength={20000}
              aria-label={t`Card description`}
              placeholder={t`Add a more detailed description`}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
            />
          </Section>

          <Section icon={<CheckSquare />} title={t`Checklists`}>
            {current.checklists.map((checklist) => {
              const checklistName = checklist.name;
              return (
                <div key={checklist.id} className="rounded-md border border-slate-200 p-3">
                  <div className="mb-2 flex items-center justify-between">
                    <h4 className="text-sm font-medium text-slate-800">{checklist.name}</h4>
                    <button type="button" onClick={() => commit({ checklists: current.checklists.filter((other) => other.id !== checklist.id) })} className="rounded p-1 text-slate-500 hover:text-red-600" aria-label={t`Remove checklist ${checklistName}`}>
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </div>
                  <ul className="space-y-1">
                    {checklist.checkItems.map((item) => {
                      const itemName = item.name;
                      return (
                        <li key={item.id} className="flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            checked={item.checked}
                            className="size-4 accent-brand-600"
                            aria-label={item.name}
                            onChange={(event) =>
                              commit({ checklists: current.checklists.map((other) => (other.id === checklist.id ? { ...other, checkItems: other.checkItems.map((row) => (row.id === item.id ? { ...row, checked: event.target.checked } : row)) } : other)) })
                            }
                          />
                          <span className={cx('flex-1', item.checked && 'text-slate-500 line-through')}>{item.name}</span>
                          <button
                            type="button"
                            onClick={() => commit({ checklists: current.checklists.map((other) => (other.id === checklist.id ? { ...other, checkItems: other.checkItems.filter((row) => row.id !== item.id) } : other)) })}
                            className="rounded p-1 text-slate-300 hover:text-slate-600"
                            aria-label={t`Remove ${itemName}`}
                          >
                            <X className="size-3.5" aria-hidden />
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  <form
                    className="mt-2 flex gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const text = (newItems[checklist.id] ?? '').trim();
                      if (!text) return;
                      commit({ checklists: current.checklists.map((other) => (other.id === checklist.id ? { ...other, checkItems: [...other.checkItems, { id: localId(), name: text, checked: false }] } : other)) });
                      setNewItems((items) => ({ ...items, [checklist.id]: '' }));
                    }}
                  >
                    <input value={newItems[checklist.id] ?? ''} onChange={(event) => setNewItems((items) => ({ ...items, [checklist.id]: event.target.value }))} placeholder={t`Add an item`} aria-label={t`New item for ${checklistName}`} maxLength={500} className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm focus:border-brand-500 focus:outline-none" />
                    <Button type="submit" size="sm" variant="secondary">
                      <Trans>Add</Trans>
                    </Button>
                  </form>
                </div>
              );
            })}
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (!newChecklist.trim()) return;
                commit({ checklists: [...current.checklists, { id: localId(), name: newChecklist.trim(), checkItems: [] }] });
                setNewChecklist('');
              }}
            >
              <input value={newChecklist} onChange={(event) => setNewChecklist(event.target.value)} placeholder={t`New checklist name`} aria-label={t`New checklist name`} maxLength={200} className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none" />
              <Button type="submit" size="sm" variant="secondary" disabled={!newChecklist.trim()}>
                <Plus className="size-4" aria-hidden />
                <Trans>Checklist</Trans>
              </Button>
            </form>
          </Section>

          <Section icon={<Paperclip />} title={t`Attachments`}>
            {current.attachments.length > 0 && (
              <ul className="space-y-1">
                {current.attachments.map((attachment) => {
                  const attachmentName = attachment.name;
                  return (
                    <li key={attachment.id} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
                      {attachment.type === 'image' ? <ImageIcon className="size-4 shrink-0 text-slate-500" aria-hidden /> : <Link2 className="size-4 shrink-0 text-slate-500" aria-hidden />}
                      {attachment.url && safeUrl(attachment.url) ? (
                        <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-brand-700 hover:underline">
                          {attachment.name}
                        </a>
                      ) : (
                        <span className="min-w-0 flex-1 truncate">{attachment.name}</span>
                      )}
                      {attachment.type === 'image' && (
                        <button type="button" onClick={() => commit({ idAttachmentCover: current.idAttachmentCover === attachment.id ? '' : attachment.id })} className="shrink-0 text-xs text-slate-600 hover:text-brand-700">
                          {current.idAttachmentCover === attachment.id ? t`Remove cover` : t`Make cover`}
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={() => commit({ attachments: current.attachments.filter((other) => other.id !== attachment.id), idAttachmentCover: current.idAttachmentCover === attachment.id ? '' : current.idAttachmentCover })}
                        className="rounded p-1 text-slate-500 hover:text-red-600"
                        aria-label={t`Remove attachment ${attachmentName}`}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            <form
              className="grid gap-2 sm:grid-cols-[1fr_1.5fr_auto]"
              onSubmit={(event) => {
                event.preventDefault();
                addLink();
              }}
            >
              <input value={link.name} onChange={(event) => setLink({ ...link, name: event.target.value })} placeholder={t`Link name`} aria-label={t`Link name`} maxLength={255} className="h-9 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none" />
              <input value={link.url} onChange={(event) => setLink({ ...link, url: event.target.value })} placeholder="https://…" aria-label={t`Link address`} type="url" maxLength={2048} className="h-9 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none" />
              <Button type="submit" size="sm" variant="secondary" disabled={!link.name.trim() || !safeUrl(link.url)}>
                <Trans>Attach link</Trans>
              </Button>
            </form>
          </Section>

          <Section icon={<MessageSquare />} title={t`Comments and activity`}>
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (!comment.trim()) return;
                commit({ activities: [...current.activities, { id: localId(), type: 'comment', idMember: user?.id ?? 'me', message: comment.trim(), time: now() }] });
                setComment('');
              }}
            >
              <input value={comment} onChange={(event) => setComment(event.target.value)} placeholder={t`Write a comment`} aria-label={t`Write a comment`} maxLength={5000} className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none" />
              <Button type="submit" size="sm" disabled={!comment.trim()}>
                <Trans>Save</Trans>
              </Button>
            </form>
            <ul className="space-y-3">
              {comments.map((activity) => (
                <li key={activity.id} className="flex items-start gap-2 text-sm">
                  <Avatar name={memberName(activity.idMember)} imageUrl={board.members.find((member) => member.id === activity.idMember)?.avatar || null} className="size-7 text-xs" />
                  <div className="min-w-0">
                    <p>
                      <span className="font-medium text-slate-900">{memberName(activity.idMember)}</span> <span className="text-xs text-slate-500">{formatDateTime(activity.time)}</span>
                    </p>
                    <p className={cx(activity.type === 'comment' ? 'rounded-md bg-slate-100 px-2 py-1 text-slate-800' : 'text-slate-600')}>{activity.message}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t`Delete this card?`}
        description={t`"${cardName}" is removed from the board.`}
        confirmLabel={t`Delete`}
        destructive
        busy={removing}
        onConfirm={() => {
          onRemove(current.id);
          setConfirmRemove(false);
        }}
      />
    </>
  );
}
