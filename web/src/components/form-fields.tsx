import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

const controlClasses = (invalid: boolean) =>
  cx(
    'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2',
    invalid ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
  );

function FieldFrame({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input with its validation message. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, hint, id, className, rows = 4, ...rest }, ref) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea ref={ref} id={fieldId} rows={rows} aria-invalid={!!error || undefined} aria-describedby={error ? `${fieldId}-error` : undefined} className={cx(controlClasses(!!error), 'py-2')} {...rest} />
    </FieldFrame>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled native select (works with the keyboard and on phones). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, id, className, options, ...rest }, ref) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} id={fieldId} aria-invalid={!!error || undefined} className={cx(controlClasses(!!error), 'h-10')} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
