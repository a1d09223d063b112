import { cx } from './cx';

/** The user's image, or the first letter of their name. */
export function Avatar({ name, imageUrl, className }: { name: string; imageUrl?: string | null; className?: string }) {
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  if (imageUrl) return <img src={imageUrl} alt="" className={cx('size-9 rounded-full object-cover', className)} />;
  return (
    <span aria-hidden className={cx('flex size-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700', className)}>
      {letter}
    </span>
  );
}
