/**
 * A query as a cache needs it: a serialisable key and a function that fetches. TanStack Query's
 * `useQuery`, `prefetchQuery` and `invalidateQueries` take these objects as they are; the terminal
 * UI calls `queryFn` itself. No React here: the client is passed in.
 */
export interface QueryOptions<TData, TKey extends readonly unknown[]> {
  queryKey: TKey;
  /** `signal` (an AbortSignal) cancels the request when the cache drops the query. */
  queryFn: (context: { signal?: unknown }) => Promise<TData>;
}

/** Builds a query-option object; keeps the key literal and the data type inferred. */
export const queryOptionsOf = <TData, const TKey extends readonly unknown[]>(
  queryKey: TKey,
  queryFn: (context: { signal?: unknown }) => Promise<TData>,
): QueryOptions<TData, TKey> => ({ queryKey, queryFn });
