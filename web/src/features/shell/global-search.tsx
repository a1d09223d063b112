import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { trpc } from '@web/lib/trpc';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The next highlighted suggestion for an arrow key, wrapping at both ends; -1 means none. */
export function moveHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/**
 * The toolbar's global search (demo-apps.md §5): closed or open; suggestions from the navigation the user's role
 * may open (the server trims, strips accents, caps at 10); arrow keys, Enter and Escape; closing clears everything.
 */
export function GlobalSearch() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [, navigate] = useLocation();
  const query = useDebounced(text, 150);
  const hasQuery = query.trim().length > 0;
  const suggestions = trpc.demo.search.suggestions.useQuery({ query }, { enabled: open && hasQuery, placeholderData: keepPreviousData, staleTime: 60_000 });
  const items = hasQuery && text.trim() ? (suggestions.data ?? []) : [];

  function close() {
    setOpen(false);
    setText('');
    setHighlight(-1);
  }

  function choose(url: string) {
    close();
    navigate(url);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => setHighlight(-1), [query]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((current) => moveHighlight(current, items.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      const target = items[highlight] ?? (items.length === 1 ? items[0] : undefined);
      if (target) {
        event.preventDefault();
        choose(target.url);
      }
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={t`Search`}
      >
        <Search className="size-5" aria-hidden />
      </button>
    );
  }

  const showNoResults = hasQuery && text.trim().length > 0 && suggestions.isSuccess && items.length === 0 && !suggestions.isPlaceholderData;
  return (
    <div ref={rootRef} className="absolute inset-x-0 top-0 z-30 flex h-full items-center gap-2 bg-white px-4 sm:relative sm:inset-auto sm:w-80 sm:px-0">
      <Search className="size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="relative flex-1">
        <input
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={items.length > 0 || showNoResults}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={highlight >= 0 ? `${listId}-${highlight}` : undefined}
          aria-label={t`Search pages`}
          placeholder={t`Search for an app or page`}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        {(items.length > 0 || showNoResults) && (
          <ul id={listId} role="listbox" aria-label={t`Search suggestions`} className="absolute inset-x-0 top-11 z-40 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            {items.map((item, index) => (
              <li
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlight}
                onMouseEnter={() => setHighlight(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item.url)}
                className={cx('cursor-pointer px-3 py-2 text-sm', index === highlight ? 'bg-brand-50 text-brand-700' : 'text-slate-700')}
              >
                <span className="block font-medium">{item.title}</span>
                <span className="block text-xs text-slate-500" dir="ltr">
                  {item.url}
                </span>
              </li>
            ))}
            {showNoResults && (
              <li className="px-3 py-2 text-sm text-slate-500">
                <Trans>No results..</Trans>
              </li>
            )}
          </ul>
        )}
      </div>
      <button type="button" onClick={close} className="rounded-md p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t`Close search`}>
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}
