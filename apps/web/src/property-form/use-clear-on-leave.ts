import { isEmptyCurrentItem } from '@assent/core/property';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * "Empty current items are cleared on leaving" (properties-and-tags §4): when the page unmounts, a
 * property fetch that brought nothing (failed, empty) is dropped from the cache, so coming back
 * fetches again instead of showing the empty result.
 */
export function useClearEmptyCurrentItemOnLeave(queryKey: readonly unknown[], enabled = true) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    const current = JSON.parse(key) as unknown[];
    return () => {
      const state = queryClient.getQueryState(current);
      if (
        state &&
        state.status !== 'pending' &&
        state.fetchStatus === 'idle' &&
        isEmptyCurrentItem(state.data)
      ) {
        queryClient.removeQueries({ queryKey: current, exact: true });
      }
    };
  }, [queryClient, key, enabled]);
}
