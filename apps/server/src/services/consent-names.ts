import type { ConsentChoices, ConsentNames } from '@assent/core/audit-log';
import type { Queryable } from '../db';
import { vendorSelections } from '../repositories/vendors';
import type { ExternalLists } from './external-lists';
import type { Logger } from './logger';

const byId = (items: ReadonlyArray<{ id: number | string; name: string }>) =>
  Object.fromEntries(items.map((i) => [i.id, i.name]));

/**
 * The names a consent record's choices are written with: purposes, special features and vendors
 * from the server's Global Vendor List (TCF 2.2, else 2.0: ids keep their meaning across
 * versions), Google's providers, and the account's own (custom) vendors. A list that cannot be
 * read leaves its ids unnamed (`#id`) and is logged: the record itself is never withheld.
 */
export async function consentNames(
  deps: { db: Queryable; lists: ExternalLists; logger: Logger },
  pcode: string,
  records: ReadonlyArray<{ choices: ConsentChoices }>,
): Promise<ConsentNames> {
  const names: ConsentNames = {};
  try {
    const list = await deps.lists.vendorList(3).catch(() => deps.lists.vendorList(2));
    names.purposes = byId(list.purposes);
    names.specialFeatures = byId(list.specialFeatures);
    names.vendors = byId(list.vendors);
  } catch (err) {
    deps.logger.warn({ err }, 'consent records: no vendor list to name their choices');
  }
  if (records.some((r) => r.choices.googleVendors.length))
    try {
      names.googleVendors = byId(await deps.lists.googleAtp());
    } catch (err) {
      deps.logger.warn({ err }, 'consent records: no Google provider list to name their choices');
    }
  names.customVendors = byId((await vendorSelections.get(deps.db, pcode)).customVendors);
  return names;
}
