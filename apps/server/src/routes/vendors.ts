import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import { VendorSelection, validateVendorSelection } from '@assent/core/vendors';
import { changeHistory } from '../repositories/change-history';
import { vendorSelections } from '../repositories/vendors';
import type { GroupHandlers } from './context';
import { changeActor } from './history';

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

  async saveSelection({ body }, ctx) {
    const { deps, pCode } = ctx;
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
    return deps.db.transaction(async (tx) => {
      const before = await vendorSelections.get(tx, pCode);
      const saved = await vendorSelections.save(
        tx,
        pCode,
        result.value,
        vendorListVersion,
        deps.now(),
      );
      await changeHistory.record(
        tx,
        pCode,
        changeActor(ctx),
        {
          entityType: 'VENDORS',
          entityId: pCode,
          entityName: 'Vendor selection',
          action: 'UPDATE',
          before: VendorSelection.parse(before),
          after: VendorSelection.parse(saved),
        },
        deps.now(),
      );
      return saved;
    });
  },
};
