import { useState, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';

/** Which rows of a list are ticked, by id. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return {
    has: (id: string) => selected.has(id),
    /** The ticked ids among `ids` (ticks on rows no longer shown do not count). */
    among: (ids: string[]) => ids.filter((id) => selected.has(id)),
    toggle: (id: string, checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    selectOnly: (ids: string[]) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** A row's tick box, named "Select {name}". */
export function SelectCheckbox({ name, checked, onChange, indeterminate, className }: { name: string; checked: boolean; onChange: (checked: boolean) => void; indeterminate?: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <input
      type="checkbox"
      className={cx('size-4 accent-brand-600', className)}
      aria-label={t`Select ${name}`}
      checked={checked}
      ref={
        indeterminate === undefined
          ? undefined
          : (element) => {
              if (element) element.indeterminate = indeterminate;
            }
      }
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

export interface SelectionBarProps {
  /** What the rows are ("tasks"): the tick box that selects them all reads "Select all tasks". */
  noun: string;
  /** The ids of the rows shown. */
  ids: string[];
  selection: Selection;
  /** Shows a part-selection as a dash in the select-all box. */
  indeterminate?: boolean;
  /** What can be done with the selected rows, after "{n} selected". */
  actions: ReactNode;
  /** Shown while nothing is selected (a search box, a count). */
  idle: ReactNode;
  /** The actions sit in the bar's own row instead of a group of their own. */
  flatActions?: boolean;
  className?: string;
}

/** The bar above a list with selectable rows: select all, and the bulk actions once something is selected. */
export function SelectionBar({ noun, ids, selection, indeterminate = false, actions, idle, flatActions = false, className }: SelectionBarProps) {
  const { t } = useLingui();
  const selectedCount = selection.among(ids).length;
  return (
    <div className={cx('flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-2', className)}>
      <SelectCheckbox
        name={t`all ${noun}`}
        className="ms-1"
        checked={ids.length > 0 && selectedCount === ids.length}
        indeterminate={indeterminate ? selectedCount > 0 && selectedCount < ids.length : undefined}
        onChange={(checked) => selection.selectOnly(checked ? ids : [])}
      />
      {selectedCount > 0 ? (
        <div className={flatActions ? 'contents' : 'flex flex-wrap items-center gap-1'}>
          <span className="px-2 text-sm text-slate-600">
            <Trans>{selectedCount} selected</Trans>
          </span>
          {actions}
        </div>
      ) : (
        idle
      )}
    </div>
  );
}

const barButtonClasses = 'flex items-center gap-1 rounded-md px-2 py-1.5 text-sm';
const menuItemClasses = 'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/** A bulk action that picks one of a list (a folder to move to, a label to toggle). */
export function BulkMenu<Id extends number | string>({ label, icon, text, items, onSelect }: { label: string; icon: ReactNode; text: string; items: Array<{ id: Id; title: string; color?: string }>; onSelect: (id: Id) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={cx(barButtonClasses, 'text-slate-700 hover:bg-slate-100')} aria-label={label}>
        {icon}
        <span className="hidden sm:inline">{text}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => (
            <DropdownMenu.Item key={item.id} className={menuItemClasses} onSelect={() => onSelect(item.id)}>
              {item.color ? <span className="size-2.5 rounded-full" style={{ backgroundColor: item.color }} aria-hidden /> : null}
              {item.title}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The bulk Delete of a selection bar. */
export function BulkDeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={cx(barButtonClasses, 'text-red-600 hover:bg-red-50')} aria-label={label}>
      <Trash2 className="size-4" aria-hidden />
      <span className="hidden sm:inline">
        <Trans>Delete</Trans>
      </span>
    </button>
  );
}
