import { Plural } from '@lingui/react/macro';
import { trpc } from '@web/lib/trpc';

/** The API answers at most this many items a call. */
const maxIds = 200;

/**
 * The downloads (episodes) or plays (replays) of a list's items, asked once for the whole list (never per row).
 * Answers `undefined` while loading or when the counts could not be loaded (the list still shows).
 */
export function useItemCounts(itemKind: 'episode' | 'replay', ids: readonly string[]): Record<string, number> | undefined {
  const list = ids.slice(0, maxIds);
  const counts = trpc.analytics.itemCounts.useQuery({ itemKind, ids: list }, { enabled: list.length > 0, retry: false });
  return counts.data?.counts;
}

/** "1,234 downloads" / "1 play"; nothing until the counts are in. */
export function ItemCount({ counts, id, kind }: { counts: Record<string, number> | undefined; id: string; kind: 'downloads' | 'plays' }) {
  if (!counts) return null;
  const count = counts[id] ?? 0;
  return (
    <span className="tabular-nums" data-testid={`item-count-${id}`}>
      {kind === 'downloads' ? <Plural value={count} one="# download" other="# downloads" /> : <Plural value={count} one="# play" other="# plays" />}
    </span>
  );
}
