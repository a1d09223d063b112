import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/** One query-string parameter as state: filters and selections survive a reload and can be shared as links. */
export function useSearchParams(): [URLSearchParams, (changes: Record<string, string | null>, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: options.replace });
    },
    [location, navigate],
  );
  return [params, update];
}
