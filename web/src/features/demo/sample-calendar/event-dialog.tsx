import { useEffect, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import type { CalendarEvent } from '@server/domains/demo/calendar/calendar.schemas';

/** What the dialog edits; an event without an id is a new one. */
export type EventDraft = Omit<CalendarEvent, 'id'> & { id?: string };

/** ISO date-time -> the value of a datetime-local input (local time) or a date input. */
const toInput = (iso: string, allDay: boolean) => {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString();
  return allDay ? local.slice(0, 10) : local.slice(0, 16);
};
/** The input's local value back to an ISO date-time (UTC). */
const fromInput = (value: string, allDay: boolean) => new Date(allDay ? `${value}T00:00` : value).toISOString();

export function EventDialog({
  draft,
  onClose,
  onSave,
  onDelete,
  saving,
  deleting,
}: {
  draft: EventDraft | null;
  onClose: () => void;
  onSave: (event: EventDraft) => void;
  onDelete: (id: string) => void;
  saving: boolean;
  deleting: boolean;
}) {
  const { t } = useLingui();
  const [title, setTitle] = useState('');
  const [allDay, setAllDay] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [desc, setDesc] = useState('');
  const [errors, setErrors] = useState<{ title?: string; start?: string; end?: string }>({});

  useEffect(() => {
    if (!draft) return;
    setTitle(draft.title);
    setAllDay(draft.allDay);
    setStart(toInput(draft.start, draft.allDay));
    setEnd(toInput(draft.end, draft.allDay));
    setDesc(draft.desc);
    setErrors({});
  }, [draft]);

  function switchAllDay(next: boolean) {
    setStart((value) => (value ? toInput(fromInput(value, allDay), next) : value));
    setEnd((value) => (value ? toInput(fromInput(value, allDay), next) : value));
    setAllDay(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!title.trim()) found.title = t`Enter a title`;
    if (!start) found.start = t`Choose when it starts`;
    if (!end) found.end = t`Choose when it ends`;
    if (start && end && fromInput(end, allDay) < fromInput(start, allDay)) found.end = t`The end must not be before the start`;
    setErrors(found);
    if (Object.keys(found).length) return;
    onSave({ id: draft?.id, title: title.trim(), allDay, start: fromInput(start, allDay), end: fromInput(end, allDay), desc: desc.trim() });
  }

  const isNew = !draft?.id;
  return (
    <Modal
      open={draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? t`New event` : t`Edit event`}
      size="sm"
      footer={
        <>
          {!isNew && draft?.id && (
            <Button variant="danger" className="me-auto" busy={deleting} onClick={() => onDelete(draft.id!)}>
              <Trash2 className="size-4" aria-hidden />
              <Trans>Delete</Trans>
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="sample-event-form" busy={saving}>
            {isNew ? t`Add` : t`Save`}
          </Button>
        </>
      }
    >
      <form id="sample-event-form" onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t`Title`} value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} autoFocus />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={allDay} onChange={(event) => switchAllDay(event.target.checked)} className="size-4 accent-brand-600" />
          <Trans>All day</Trans>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t({ message: 'Start', context: 'start time' })} type={allDay ? 'date' : 'datetime-local'} value={start} onChange={(event) => setStart(event.target.value)} error={errors.start} />
          <TextField label={t`End`} type={allDay ? 'date' : 'datetime-local'} value={end} onChange={(event) => setEnd(event.target.value)} error={errors.end} />
        </div>
        <TextAreaField label={t`Description`} rows={4} value={desc} onChange={(event) => setDesc(event.target.value)} />
      </form>
    </Modal>
  );
}
