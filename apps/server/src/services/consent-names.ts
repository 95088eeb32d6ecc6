import type { ConsentChoices, ConsentNames } from '@assent/core/audit-log';
import type { Queryable } from '../db';
import { vendorSelections } from '../repositories/vendors';
import type { ExternalLists, VendorListNames } from './external-lists';
import { vendorListNamesOf } from './external-lists';
import type { Logger } from './logger';

const byId = (items: ReadonlyArray<{ id: number | string; name: string }>) =>
  Object.fromEntries(items.map((i) => [i.id, i.name]));

interface NamedRecord {
  vendorListVersion: number | null;
  choices: ConsentChoices;
}

/**
 * The names each consent record's choices are written with: purposes, special features and
 * vendors from the vendor-list version stored with the record (the versions this server fetched
 * or imported keep their names), else the newest list (TCF 2.2, else 2.0: ids keep their meaning
 * across versions); Google's providers; the account's own (custom) vendors. A list that cannot be
 * read leaves its ids unnamed (`#id`) and is logged: the record itself is never withheld.
 */
export async function consentNames(
  deps: { db: Queryable; lists: ExternalLists; logger: Logger },
  pcode: string,
  records: readonly NamedRecord[],
): Promise<(record: NamedRecord) => ConsentNames> {
  const common: ConsentNames = {};
  if (records.some((r) => r.choices.googleVendors.length))
    try {
      common.googleVendors = byId(await deps.lists.googleAtp());
    } catch (err) {
      deps.logger.warn({ err }, 'consent records: no Google provider list to name their choices');
    }
  common.customVendors = byId((await vendorSelections.get(deps.db, pcode)).customVendors);

  const byVersion = new Map<number, VendorListNames | undefined>();
  for (const version of new Set(records.map((r) => r.vendorListVersion)))
    if (version !== null) byVersion.set(version, await deps.lists.vendorListNames(version));
  let newest: VendorListNames | undefined;
  if (records.some((r) => r.vendorListVersion === null || !byVersion.get(r.vendorListVersion)))
    try {
      newest = vendorListNamesOf(
        await deps.lists.vendorList(3).catch(() => deps.lists.vendorList(2)),
      );
    } catch (err) {
      deps.logger.warn({ err }, 'consent records: no vendor list to name their choices');
    }
  return (record) => {
    const list =
      (record.vendorListVersion !== null && byVersion.get(record.vendorListVersion)) || newest;
    return list
      ? {
          ...common,
          purposes: list.purposes,
          specialFeatures: list.specialFeatures,
          vendors: list.vendors,
        }
      : common;
  };
}
