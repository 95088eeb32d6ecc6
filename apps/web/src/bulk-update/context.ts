import type { BulkUpdateAction, BulkUpdateState } from '@assent/core/bulk-update';
import type { PropertyListItem } from '@assent/core/property';
import { createContext, useContext } from 'react';
import type { PropertyInitData } from '../property-form/context';

/** What every step of the flow reads: the flow's state, the account's properties and form data. */
export interface BulkUpdateFlowApi {
  pCode: string;
  state: BulkUpdateState;
  dispatch: (action: BulkUpdateAction) => void;
  /** Every property of the account (step 1 filters them on the client). */
  properties: readonly PropertyListItem[];
  /** CMP versions and site themes (GET /customization/v2/site/init). */
  init: PropertyInitData;
}

export const BulkUpdateFlowContext = createContext<BulkUpdateFlowApi | null>(null);

export function useBulkUpdateFlow(): BulkUpdateFlowApi {
  const flow = useContext(BulkUpdateFlowContext);
  if (!flow) throw new Error('useBulkUpdateFlow must be used inside the bulk update flow');
  return flow;
}
