import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { ImageIcon } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fitSquarePhoto } from '@web/lib/upload';
import { cx } from './cx';

/**
 * Picks an image file and previews it (the chosen file, else the current image). With `squarePhoto` (profile photos:
 * the 50–200 px square rule) the chosen image is centre-cropped and scaled to fit before `onChange` gets it, so a
 * phone photo works as it is.
 */
export function ImagePicker({
  label,
  file,
  currentUrl,
  onChange,
  error,
  hint,
  accept = 'image/png,image/jpeg,image/webp,image/gif',
  round = false,
  squarePhoto = false,
}: {
  label: string;
  file: File | null;
  currentUrl?: string | null;
  onChange(file: File | null): void;
  error?: string;
  hint?: ReactNode;
  accept?: string;
  round?: boolean;
  squarePhoto?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [fitting, setFitting] = useState(false);
  async function choose(chosen: File | null) {
    if (!chosen || !squarePhoto) return onChange(chosen);
    setFitting(true);
    try {
      onChange(await fitSquarePhoto(chosen));
    } finally {
      setFitting(false);
    }
  }
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <div className="flex items-center gap-4">
        <div className={cx('flex size-24 shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-slate-100', round ? 'rounded-full' : 'rounded-lg')}>
          {shown ? <img src={shown} alt={t`${label} preview`} className="size-full object-cover" /> : <ImageIcon className="size-8 text-slate-400" aria-hidden />}
        </div>
        <div className="space-y-1">
          <label htmlFor={id} className="inline-flex h-8 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-500">
            <Trans>Choose image</Trans>
            <input id={id} type="file" accept={accept} className="sr-only" aria-label={label} disabled={fitting} onChange={(event) => void choose(event.target.files?.[0] ?? null)} />
          </label>
          {file && <p className="max-w-48 truncate text-xs text-slate-600">{file.name}</p>}
          {fitting && <p className="text-xs text-slate-500">
              <Trans>Preparing the photo…</Trans>
            </p>}
          {hint && !error && !fitting && <p className="text-xs text-slate-500">{hint}</p>}
          {error && (
            <p role="alert" className="text-xs text-red-600">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
