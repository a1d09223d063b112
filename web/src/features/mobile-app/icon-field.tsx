import { useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@web/lib/i18n/format';
import { ImageUp, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { MobileAppOutput } from '@server/domains/mobile-app/mobile-app.schemas';
import { Button } from '@web/components/button';
import { trpc } from '@web/lib/trpc';
import { upload } from '@web/lib/upload';
import { failureMessage } from '@web/components/error-message';

const minimumSize = 512;
const maxBytes = 2 * 1024 * 1024;

/** Reads the picked file's pixel size in the browser, so a wrong image is refused before it is sent. */
function imageDimensions(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

async function localProblem(file: File): Promise<string | null> {
  if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > maxBytes) return t`Please upload a square PNG or JPEG image of at least 512×512 pixels (at most 2 MB)`;
  const size = await imageDimensions(file);
  if (!size || size.width !== size.height || size.width < minimumSize) return t`Please upload a square PNG or JPEG image of at least 512×512 pixels`;
  return null;
}

/** The app icon: upload a square PNG/JPEG (the server makes the 192, 512 and maskable sizes) or go back to the drawn one. */
export function IconField({ app, onChange }: { app: MobileAppOutput; onChange(app: MobileAppOutput): void }) {
  const { t: translate } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const removeIcon = trpc.mobileApp.removeIcon.useMutation();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = await localProblem(file);
    setError(problem);
    if (problem) return;
    const form = new FormData();
    form.append('icon', file, file.name);
    setProgress(0);
    try {
      const updated = await upload<MobileAppOutput>(`/api/mobile-app/${encodeURIComponent(app.id)}/icon`, form, {
        onProgress: setProgress,
      });
      onChange(updated);
      toast.success(translate`Icon updated`);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const useDrawnIcon = async () => {
    setError(null);
    try {
      onChange(await removeIcon.mutateAsync({ appId: app.id }));
      toast.success(translate`Using the drawn icon`);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  const percent = progress === null ? '' : formatNumber(progress, { style: 'percent' });
  return (
    <div className="space-y-3">
      <p className="block text-sm font-medium text-slate-700">
        <Trans>Icon</Trans>
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <img src={app.icons.icon192} alt={translate`Current app icon`} className="size-20 rounded-[22%] shadow-sm ring-1 ring-slate-200" />
        <img src={app.icons.maskable512} alt={translate`The icon as Android crops it`} className="size-20 rounded-full shadow-sm ring-1 ring-slate-200" />
        <div className="space-y-2">
          <input
            ref={inputRef}
            id="app-icon-file"
            type="file"
            aria-label={translate`App icon file`}
            // Reached through the "Upload icon" button, not on its own.
            tabIndex={-1}
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-describedby="app-icon-hint"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" busy={progress !== null} onClick={() => inputRef.current?.click()}>
              <ImageUp className="size-4" aria-hidden />
              {progress !== null ? translate`Uploading ${percent}` : translate`Upload icon`}
            </Button>
            {app.hasCustomIcon && (
              <Button variant="ghost" size="sm" busy={removeIcon.isPending} onClick={useDrawnIcon}>
                <RotateCcw className="size-4" aria-hidden />
                <Trans>Use the drawn icon</Trans>
              </Button>
            )}
          </div>
          <p id="app-icon-hint" className="text-xs text-slate-500">
            <Trans>A square PNG or JPEG of at least 512×512 pixels, up to 2 MB.</Trans>
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
