import type { LiveAccount, PlanContext } from '@assent/core/config-as-code';
import { loadVendorPurposes } from '@assent/core/vendors';
import type { VendorPurposes } from '@assent/core/vendors';
import type { AccountSession } from './session';

/**
 * The vendors the account's banners ask consent for (its vendor selection over the vendor list
 * of its GVL version), for the Consent-or-Pay rule the server applies on save.
 */
const vendorPurposesOf = (session: AccountSession): Promise<VendorPurposes[]> =>
  loadVendorPurposes({
    selection: () => session.client.vendors.selection({ query: { pCode: session.account } }),
    vendorList: (gvlVersion) => session.client.vendors.list({ query: { gvlVersion } }),
  });

/**
 * Everything export and plan compare against: the account's themes, every property in full (one
 * export call), the account's flags and, when the document turns Consent or Pay on
 * (`withVendors`), the vendors the server checks it against.
 */
export async function loadLiveAccount(
  session: AccountSession,
  options: { withVendors?: boolean } = {},
): Promise<{ live: LiveAccount; planContext: PlanContext }> {
  const query = { pCode: session.account };
  const [themes, properties, organisations, vendors] = await Promise.all([
    session.client.themes.list({ query }),
    session.client.sites.export({ query }),
    session.client.auth.organisations(),
    options.withVendors ? vendorPurposesOf(session) : undefined,
  ]);
  const organisation = organisations.find((o) => o.pcode === session.account);
  return {
    live: {
      account: session.account,
      properties,
      themes: themes.map((t) => ({
        themeId: t.themeId,
        themeName: t.themeName,
        themeType: t.themeType,
      })),
    },
    planContext: {
      consentOrPayEnabled: organisation?.consentOrPayEnabled ?? false,
      ...(vendors ? { vendors } : {}),
    },
  };
}
