import { Trans } from '@lingui/react/macro';
import { cx } from '@web/components/cx';

export interface LabelOption {
  key: string;
  title: string;
  /** The label's own colour when chosen; the brand colour without one. */
  color?: string;
  active: boolean;
  onToggle: () => void;
}

/** The "Labels" choice of an editor dialog: one toggle button a label; nothing when there are no labels. */
export function LabelPicker({ options }: { options: LabelOption[] }) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">
        <Trans>Labels</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            aria-pressed={option.active}
            onClick={option.onToggle}
            className={cx(
              'rounded-full border px-3 py-1 text-xs font-medium',
              option.active ? (option.color ? 'border-transparent text-white' : 'border-brand-500 bg-brand-500 text-white') : 'border-slate-300 text-slate-600 hover:bg-slate-100',
            )}
            style={option.active && option.color ? { backgroundColor: option.color } : undefined}
          >
            {option.title}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
