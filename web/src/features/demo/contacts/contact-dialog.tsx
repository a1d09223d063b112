import { Star } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import { EditorDialog, useDraft } from '../shared/editor-dialog';

export interface ContactDraft {
  id?: string;
  name: string;
  lastName: string;
  avatar: string;
  nickname: string;
  company: string;
  jobTitle: string;
  email: string;
  phone: string;
  address: string;
  birthday: string;
  notes: string;
}

export const emptyContact = (): ContactDraft => ({ name: '', lastName: '', avatar: '', nickname: '', company: '', jobTitle: '', email: '', phone: '', address: '', birthday: '', notes: '' });

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field problems shown before saving (the server checks the same). */
export function contactErrors(draft: ContactDraft): Partial<Record<keyof ContactDraft, string>> {
  const errors: Partial<Record<keyof ContactDraft, string>> = {};
  if (!draft.name.trim()) errors.name = i18n._(msg`Please enter a name`);
  if (draft.email.trim() && !emailPattern.test(draft.email.trim())) errors.email = i18n._(msg`Please enter a valid email`);
  return errors;
}

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: ContactDraft;
  starred: boolean;
  saving: boolean;
  deleting: boolean;
  onSave: (draft: ContactDraft) => void;
  onDelete?: () => void;
  onToggleStar?: () => void;
}

const textFields: { key: keyof ContactDraft; label: MessageDescriptor; type?: string }[] = [
  { key: 'name', label: msg`First name` },
  { key: 'lastName', label: msg`Last name` },
  { key: 'nickname', label: msg`Nickname` },
  { key: 'phone', label: msg`Phone`, type: 'tel' },
  { key: 'email', label: msg`Email`, type: 'email' },
  { key: 'company', label: msg`Company` },
  { key: 'jobTitle', label: msg`Job title` },
  { key: 'birthday', label: msg`Birthday`, type: 'date' },
  { key: 'address', label: msg`Address` },
];

/** A contact's details as an edit form; also the form for a new contact. */
export function ContactDialog({ open, onOpenChange, contact, starred, saving, deleting, onSave, onDelete, onToggleStar }: ContactDialogProps) {
  const { t } = useLingui();
  const { draft, set, showErrors: submitted, setShowErrors: setSubmitted } = useDraft(contact, open);
  const errors = submitted ? contactErrors(draft) : {};
  const isNew = !contact.id;
  const fullName = `${draft.name} ${draft.lastName}`.trim();
  function submit() {
    setSubmitted(true);
    if (Object.keys(contactErrors(draft)).length > 0) return;
    onSave(draft);
  }
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      noun="contact"
      isNew={isNew}
      title={isNew ? t`New contact` : fullName || t`Contact`}
      saving={saving}
      onSubmit={submit}
      noValidate
      remove={
        onDelete && {
          confirmTitle: t`Delete this contact?`,
          confirmDescription: fullName ? t`${fullName} is removed from your contacts.` : t`The contact is removed from your contacts.`,
          busy: deleting,
          onConfirm: onDelete,
        }
      }
    >
      <div className="flex items-center gap-3">
        <Avatar name={fullName || '?'} imageUrl={draft.avatar || null} className="size-14 text-xl" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{fullName || t`New contact`}</p>
          {(draft.jobTitle || draft.company) && <p className="truncate text-sm text-slate-600">{[draft.jobTitle, draft.company].filter(Boolean).join(' · ')}</p>}
        </div>
        {!isNew && onToggleStar && (
          <button type="button" onClick={onToggleStar} className={cx('rounded p-2', starred ? 'text-amber-500' : 'text-slate-500 hover:text-slate-700')} aria-pressed={starred} aria-label={starred ? t`Unstar contact` : t`Star contact`}>
            <Star className={cx('size-5', starred && 'fill-current')} aria-hidden />
          </button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map(({ key, label, type }) => (
          <TextField key={key} label={t(label)} type={type} value={draft[key] ?? ''} error={errors[key]} onChange={(event) => set({ [key]: event.target.value })} required={key === 'name'} />
        ))}
      </div>
      <TextAreaField label={t`Notes`} value={draft.notes} rows={3} onChange={(event) => set({ notes: event.target.value })} />
      <button type="submit" className="hidden" aria-hidden tabIndex={-1} />
    </EditorDialog>
  );
}
