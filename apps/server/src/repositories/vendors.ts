import { VendorSelection as VendorSelectionSchema } from '@assent/core/vendors';
import type { VendorSelection, VendorSelectionResponse } from '@assent/core/vendors';
import type { Queryable } from '../db';
import { isoOrNull } from '../db';

export const vendorSelections = {
  /** The account's selection, or the defaults when it never saved one. */
  async get(q: Queryable, pcode: string): Promise<VendorSelectionResponse> {
    const rows = await q.query(
      `select config, vendor_list_version, updated_at from vendor_selections where pcode = $1`,
      [pcode],
    );
    const r = rows[0];
    const config = VendorSelectionSchema.parse(r?.config ?? {});
    return {
      ...config,
      vendorListVersion: (r?.vendor_list_version as number | null | undefined) ?? null,
      updatedAt: isoOrNull(r?.updated_at),
    };
  },

  async save(
    q: Queryable,
    pcode: string,
    selection: VendorSelection,
    vendorListVersion: number | null,
    now: Date,
  ): Promise<VendorSelectionResponse> {
    await q.query(
      `insert into vendor_selections (pcode, config, vendor_list_version, updated_at) values ($1, $2, $3, $4)
       on conflict (pcode) do update set config = excluded.config, vendor_list_version = excluded.vendor_list_version, updated_at = excluded.updated_at`,
      [pcode, selection, vendorListVersion, now],
    );
    return vendorSelections.get(q, pcode);
  },
};
