import type { BulkUpdateAction, BulkUpdateState } from '@assent/core/bulk-update';
import { bulkUpdateReducer, initialBulkUpdateState } from '@assent/core/bulk-update';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo, useReducer } from 'react';

interface BulkUpdateStore {
  state: BulkUpdateState;
  dispatch: (action: BulkUpdateAction) => void;
}

const BulkUpdateStoreContext = createContext<BulkUpdateStore | null>(null);

/**
 * The bulk update flow's state (core's reducer), held per account above the pages: each step is
 * its own page, so what step 1 selected and step 2 chose survives moving between them.
 */
export function BulkUpdateStoreProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(bulkUpdateReducer, undefined, initialBulkUpdateState);
  const store = useMemo(() => ({ state, dispatch }), [state]);
  return (
    <BulkUpdateStoreContext.Provider value={store}>{children}</BulkUpdateStoreContext.Provider>
  );
}

export function useBulkUpdateStore(): BulkUpdateStore {
  const store = useContext(BulkUpdateStoreContext);
  if (!store) throw new Error('useBulkUpdateStore must be used inside <BulkUpdateStoreProvider>');
  return store;
}
