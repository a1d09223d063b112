import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { Modal } from '@web/components/modal';
import { boardColors, type Board } from './board-types';

/** What each board colour (settings.color holds its key) is called. */
const colourNames: Record<string, MessageDescriptor> = {
  blue: msg`Blue`,
  green: msg`Green`,
  orange: msg`Orange`,
  purple: msg`Purple`,
  red: msg`Red`,
  teal: msg`Teal`,
  slate: msg`Slate grey`,
};

/** The board's colour, subscription and card cover setting. */
export function SettingsDialog({ board, open, onOpenChange, onSave, saving }: { board: Board; open: boolean; onOpenChange: (open: boolean) => void; onSave: (settings: Board['settings']) => void; saving: boolean }) {
  const { t } = useLingui();
  const [settings, setSettings] = useState(board.settings);
  useEffect(() => {
    if (open) setSettings(board.settings);
  }, [open, board.settings]);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Board settings`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => onSave(settings)} busy={saving}>
            <Trans>Save settings</Trans>
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            <Trans>Colour</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(boardColors)
              .filter(([key]) => key)
              .map(([key, value]) => (
                <button key={key} type="button" onClick={() => setSettings({ ...settings, color: key })} aria-pressed={settings.color === key} aria-label={colourNames[key] ? t(colourNames[key]) : key} className={cx('size-8 rounded-full ring-offset-2', settings.color === key && 'ring-2 ring-slate-900')} style={{ backgroundColor: value }} />
              ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.subscribed} onChange={(event) => setSettings({ ...settings, subscribed: event.target.checked })} />
          <Trans>Subscribe to this board</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.cardCoverImages} onChange={(event) => setSettings({ ...settings, cardCoverImages: event.target.checked })} />
          <Trans>Show card cover images</Trans>
        </label>
      </div>
    </Modal>
  );
}
