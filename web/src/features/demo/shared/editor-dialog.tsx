import { useEffect, useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Modal, type ModalProps } from '@web/components/modal';

/**
 * A copy of `source` to edit in a dialog, taken afresh each time the dialog opens, and whether to show the form's
 * errors yet (cleared at the same moment).
 */
export function useDraft<T extends object>(source: T, open: boolean) {
  const [draft, setDraft] = useState(source);
  const [showErrors, setShowErrors] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(source);
      setShowErrors(false);
    }
  }, [open, source]);
  const set = (patch: Partial<T>) => setDraft((current) => ({ ...current, ...patch }));
  return { draft, setDraft, set, showErrors, setShowErrors };
}

export interface EditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is edited ("note"): the title reads "New note" or "Edit note", the submit button "Add note" or "Save". */
  noun: string;
  isNew: boolean;
  /** Instead of "Edit …" / "New …". */
  title?: string;
  size?: ModalProps['size'];
  saving: boolean;
  submitDisabled?: boolean;
  /** The submit button and the form's Enter key. */
  onSubmit: () => void;
  noValidate?: boolean;
  /** A Delete button at the left of the footer that asks first (not for a new item). */
  remove?: { confirmTitle: string; confirmDescription: string; busy: boolean; disabled?: boolean; onConfirm: () => void };
  /** Another button at the left of the footer instead (not for a new item). */
  footerStart?: ReactNode;
  /** The button beside the submit button; Cancel when not given. */
  secondaryAction?: ReactNode;
  children: ReactNode;
}

/** The create-or-edit dialog of the sample apps: a form in a modal with its footer buttons. */
export function EditorDialog({ open, onOpenChange, noun, isNew, title, size, saving, submitDisabled, onSubmit, noValidate, remove, footerStart, secondaryAction, children }: EditorDialogProps) {
  const { t } = useLingui();
  const heading = title ?? (isNew ? t`New ${noun}` : t`Edit ${noun}`);
  const [confirmRemove, setConfirmRemove] = useState(false);
  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        size={size}
        title={heading}
        footer={
          <>
            {isNew ? null : remove ? (
              <Button variant="ghost" className="me-auto text-red-600" onClick={() => setConfirmRemove(true)} disabled={remove.disabled}>
                <Trash2 className="size-4" aria-hidden />
                <Trans>Delete</Trans>
              </Button>
            ) : (
              footerStart
            )}
            {secondaryAction ?? (
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                <Trans>Cancel</Trans>
              </Button>
            )}
            <Button onClick={onSubmit} busy={saving} disabled={submitDisabled}>
              {isNew ? t`Add ${noun}` : t`Save`}
            </Button>
          </>
        }
      >
        <form
          className="space-y-4"
          noValidate={noValidate}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      </Modal>
      {remove && (
        <ConfirmDialog
          open={confirmRemove}
          onOpenChange={setConfirmRemove}
          title={remove.confirmTitle}
          description={remove.confirmDescription}
          confirmLabel={t`Delete`}
          destructive
          busy={remove.busy}
          onConfirm={() => {
            remove.onConfirm();
            setConfirmRemove(false);
          }}
        />
      )}
    </>
  );
}
