import { useState, type ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';

/**
 * An image from the sample data. The samples point at template asset paths that this server may not hold, so a
 * missing picture turns into a neutral placeholder instead of a broken-image icon.
 */
export function FallbackImage({ src, alt, className, fallback }: { src?: string | null; alt: string; className?: string; fallback?: ReactNode }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      fallback ?? (
        <span role="img" aria-label={alt || t`No image`} className={cx('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
          <ImageOff className="size-1/3 min-h-4 min-w-4" aria-hidden />
        </span>
      )
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={cx('object-cover', className)} />;
}

/** A person's picture, or the first letter of the name when the picture is missing. */
export function PersonAvatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return <FallbackImage src={src} alt={name} className={cx('size-9 shrink-0 rounded-full', className)} fallback={<Avatar name={name} className={className} />} />;
}
