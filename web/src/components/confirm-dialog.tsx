import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deleting, removing). */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
}

/** "Are you sure?" before an action that cannot be undone. The caller closes it when the action settles. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel, destructive = false, busy = false, onConfirm }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t`Confirm`}
          </Button>
        </>
      }
    >
      {description ? <div className="text-sm text-slate-600">{description}</div> : <p className="text-sm text-slate-600">
          <Trans>This cannot be undone.</Trans>
        </p>}
    </Modal>
  );
}
