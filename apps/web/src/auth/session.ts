import { ApiError } from '@assent/core';
import type { AccountUser } from '@assent/core/account';
import { meKeys, meQuery } from '@assent/core/queries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClient } from '../app/ServicesContext';

/** Whether a failure means "nobody is signed in". */
export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof ApiError && error.httpStatus === 401;

/** The signed-in user: `user` when signed in, `null` when not, `undefined` while asking. */
export function useSession(): {
  user: AccountUser | null | undefined;
  error: unknown;
  refetch: () => void;
} {
  const client = useClient();
  const query = useQuery({ ...meQuery(client), staleTime: 60_000 });
  if (query.isPending) return { user: undefined, error: null, refetch: query.refetch };
  if (query.isError) {
    return isUnauthenticated(query.error)
      ? { user: null, error: null, refetch: query.refetch }
      : { user: undefined, error: query.error, refetch: query.refetch };
  }
  return { user: query.data, error: null, refetch: query.refetch };
}

/**
 * Signing in or out changes whose data is cached: the user is written (or removed) and every
 * other query is dropped, so nothing of the previous user is shown.
 */
export function useSessionChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: AccountUser | null) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKeys.all[0] });
      if (user) queryClient.setQueryData(meKeys.all, user);
      // Asks again who is signed in (the server answers 401 once the session is gone).
      else void queryClient.resetQueries({ queryKey: meKeys.all });
    },
    [queryClient],
  );
}
