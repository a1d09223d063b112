import type { ReactNode } from 'react';
import { ErrorState } from './error-state';

/** The parts of a TanStack/tRPC query this wrapper reads. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown while the first load runs. */
  loading: ReactNode;
  /** Shown when `isEmpty(data)` is true. */
  empty?: ReactNode;
  /** Defaults to "an empty array". */
  isEmpty?: (data: T) => boolean;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** One place for the four states of a loaded view: loading skeleton, error with Retry, empty state, data. */
export function QueryState<T>({ query, loading, empty, isEmpty = emptyArray, errorTitle, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
