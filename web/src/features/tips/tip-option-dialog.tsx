import { useEffect, useState, type FormEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TipOptionOutput } from '@server/domains/tips/tip-options.schemas';
import { dollarsText, parseDollars } from '@common/money';
import { Button } from '@web/components/button';
import { failureFields } from '@web/components/error-message';
import { FormError } from '@web/components/form-error';
import { Modal } from '@web/components/modal';
import { TextField } from '@web/components/text-field';
import { formatNumber } from '@web/lib/i18n/format';
import { i18n } from '@web/lib/i18n/i18n';
import { upload } from '@web/lib/upload';

const iconTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const maxIconBytes = 2 * 1024 * 1024;
const iconMessage = msg`Please upload a jpg, png, webp or gif image of at most 2 MB`;

/** The shared schema's texts this dialog shows itself, in the reader's language (English: the server's own). */
const titleRequired = msg`Please enter a title`;
const amountRange = msg`The amount must be between $1.00 and $1,000.00`;

/** Dollars typed by the creator → cents, or an error text (`tipOptionMessages.amountRange` in English). */
function parseTipAmount(text: string): { cents: number } | { error: string } {
  const cents = parseDollars(text);
  if (cents === null) return { error: i18n._(msg`Enter an amount in dollars, e.g. 5 or 4.99`) };
  if (cents < 100 || cents > 100_000) return { error: i18n._(amountRange) };
  return { cents };
}

/** Create or edit one tip option: title, amount and an icon (uploaded as multipart, previewed first). */
export function TipOptionDialog({ open, option, onClose, onSaved }: { open: boolean; option: TipOptionOutput | null; onClose(): void; onSaved(option: TipOptionOutput): void }) {
  const { t } = useLingui();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [icon, setIcon] = useState<File | null>(null);
  const [removeIcon, setRemoveIcon] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's refusal no field shows: at the top of the dialog.
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!open) return;
    setTitle(option?.title ?? '');
    setAmount(option ? dollarsText(option.amountCents) : '');
    setIcon(null);
    setRemoveIcon(false);
    setErrors({});
    setFailure(null);
    setProgress(0);
  }, [open, option]);

  useEffect(() => {
    if (!icon) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(icon);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [icon]);

  const shownIcon = preview ?? (removeIcon ? null : (option?.iconUrl ?? null));

  function pickIcon(file: File | undefined) {
    if (!file) return;
    if (!iconTypes.includes(file.type) || file.size > maxIconBytes) {
      setErrors((current) => ({ ...current, iconFile: i18n._(iconMessage) }));
      setIcon(null);
      return;
    }
    setErrors(({ iconFile: _dropped, ...rest }) => rest);
    setIcon(file);
    setRemoveIcon(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const nextErrors: Record<string, string> = {};
    if (!title.trim()) nextErrors.title = i18n._(titleRequired);
    const parsed = parseTipAmount(amount);
    if ('error' in parsed) nextErrors.tipsAmount = parsed.error;
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length || 'error' in parsed) return;
    const form = new FormData();
    form.append('title', title.trim());
    form.append('tipsAmount', dollarsText(parsed.cents));
    if (icon) form.append('iconFile', icon, icon.name);
    else if (removeIcon) form.append('removeIcon', 'true');
    setFailure(null);
    setSaving(true);
    try {
      const saved = await upload<TipOptionOutput>(option ? `/api/tips/options/${encodeURIComponent(option.id)}` : '/api/tips/options', form, {
        onProgress: setProgress,
      });
      onSaved(saved);
    } catch (error) {
      const fields = failureFields(error);
      setErrors(fields);
      if (!fields.title && !fields.tipsAmount && !fields.amountCents && !fields.iconFile) setFailure(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      size="sm"
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      title={option ? t`Edit tip option` : t`New tip option`}
      description={t`The title, amount and icon viewers see on your event page.`}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <FormError error={failure} />
        <TextField label={t`Title`} value={title} maxLength={60} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
        <TextField label={t`Amount (CAD)`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={errors.tipsAmount ?? errors.amountCents} placeholder="5.00" />
        <div className="space-y-2">
          <span className="block text-sm font-medium text-slate-700">
            <Trans>Icon</Trans>
          </span>
          <div className="flex items-center gap-3">
            <div className="flex size-14 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
              {shownIcon ? <img src={shownIcon} alt={t`Icon preview`} className="size-full object-cover" data-testid="icon-preview" /> : <ImagePlus className="size-6 text-slate-400" aria-hidden />}
            </div>
            <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              <Trans>Choose image</Trans>
              <input type="file" accept={iconTypes.join(',')} className="sr-only" onChange={(event) => pickIcon(event.target.files?.[0])} aria-label={t`Icon image`} />
            </label>
            {shownIcon && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setIcon(null);
                  setRemoveIcon(true);
                }}
              >
                <Trans>Remove</Trans>
              </Button>
            )}
          </div>
          {errors.iconFile && (
            <p role="alert" className="text-xs text-red-600">
              {errors.iconFile}
            </p>
          )}
        </div>
        {saving && icon && (
          <progress max={1} value={progress} className="h-1 w-full" aria-label={t`Upload progress`}>
            {formatNumber(progress, { style: 'percent' })}
          </progress>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={saving}>
            {option ? t`Save` : t`Add tip option`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
