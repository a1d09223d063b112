import { Search } from 'lucide-react';
import { cx } from './cx';

export interface SearchFieldProps {
  /** The field's accessible name; also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** `sm` for a search inside a toolbar. */
  size?: 'md' | 'sm';
  /** The wrapper's width (e.g. max-w-md). */
  className?: string;
}

const inputClasses = {
  md: 'h-10 w-full rounded-md border border-slate-300 bg-white ps-9 pe-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100',
  sm: 'h-9 w-full rounded-md border border-slate-200 ps-9 pe-3 text-sm focus:border-brand-500 focus:outline-none',
} as const;

/** A search box with a magnifier inside, for filtering a list on the page. */
export function SearchField({ label, placeholder = label, value, onChange, size = 'md', className }: SearchFieldProps) {
  return (
    <label className={cx('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={inputClasses[size]}
      />
    </label>
  );
}
