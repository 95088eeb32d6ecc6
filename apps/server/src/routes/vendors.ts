import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import { validateVendorSelection } from '@assent/core/vendors';
import { vendorSelections } from '../repositories/vendors';
import type { GroupHandlers } from './context';

export const vendorHandlers: GroupHandlers<Routes['vendors']> = {
  list: ({ query }, { deps }) => deps.lists.vendorList(query.gvlVersion),

  async googleAtp(_input, { deps }) {
    try {
      return await deps.lists.googleAtp();
    } catch (error) {
      // The provider list is optional: without it the Vendors tab shows no Google providers.
      deps.logger.warn(
        { err: (error as Error).message },
        'Google ad-technology providers unavailable',
      );
      return [];
    }
  },

  selection: (_input, { deps, pCode }) => vendorSelections.get(deps.db, pCode),

  async saveSelection({ body }, { deps, pCode }) {
    const result = validateVendorSelection(body);
    if (!result.ok) throw AssentError.fromIssues(result.issues);
    let vendorListVersion: number | null = null;
    try {
      vendorListVersion = (await deps.lists.vendorList(body.gvlVersion)).vendorListVersion;
    } catch (error) {
      deps.logger.warn(
        { err: (error as Error).message },
        'saving the vendor selection without a vendor-list version',
      );
    }
    return vendorSelections.save(deps.db, pCode, result.value, vendorListVersion, deps.now());
  },
};
