import { useEffect, useState } from 'react';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { Modal } from '@web/components/modal';
import { boardColors, type Board } from './board-types';

/** The board's colour, subscription and card cover setting. */
export function SettingsDialog({ board, open, onOpenChange, onSave, saving }: { board: Board; open: boolean; onOpenChange: (open: boolean) => void; onSave: (settings: Board['settings']) => void; saving: boolean }) {
  const [settings, setSettings] = useState(board.settings);
  useEffect(() => {
    if (open) setSettings(board.settings);
  }, [open, board.settings]);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Board settings"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => onSave(settings)} busy={saving}>
            Save settings
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Colour</legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(boardColors)
              .filter(([key]) => key)
              .map(([key, value]) => (
                <button key={key} type="button" onClick={() => setSettings({ ...settings, color: key })} aria-pressed={settings.color === key} aria-label={key} className={cx('size-8 rounded-full ring-offset-2', settings.color === key && 'ring-2 ring-slate-900')} style={{ backgroundColor: value }} />
              ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.subscribed} onChange={(event) => setSettings({ ...settings, subscribed: event.target.checked })} />
          Subscribe to this board
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.cardCoverImages} onChange={(event) => setSettings({ ...settings, cardCoverImages: event.target.checked })} />
          Show card cover images
        </label>
      </div>
    </Modal>
  );
}
