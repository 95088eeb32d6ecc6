import { z } from 'zod';

/**
 * The signed-in user, their organisations (account codes) and account switching in the global
 * header (reports-and-account §2, §3, §6; properties-and-tags §3).
 */

export const AccountUser = z.object({
  username: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  name: z.string(),
  /** The account codes the user may work in. */
  pcodes: z.array(z.string()),
  isAdmin: z.boolean().default(false),
});
export type AccountUser = z.infer<typeof AccountUser>;

/** An account code's organisation with the flags promotions and features depend on. */
export const Organisation = z.object({
  pcode: z.string(),
  name: z.string(),
  /** Terms of the supply-side ad platform accepted. */
  sspTosAccepted: z.boolean().default(false),
  /** Terms of the consent management platform accepted. */
  cmpTosAccepted: z.boolean().default(false),
  /** May be offered the premium features. */
  premiumEligible: z.boolean().default(false),
  /** Consent or Pay is enabled for this account code. */
  consentOrPayEnabled: z.boolean().default(false),
});
export type Organisation = z.infer<typeof Organisation>;

/** The name shown in the user menu: the full name, else given and family names, else the e-mail. */
export function userDisplayName(
  user: Pick<AccountUser, 'name' | 'givenName' | 'familyName' | 'email'>,
) {
  const full = user.name.trim() || `${user.givenName} ${user.familyName}`.trim();
  return full || user.email;
}

/** Whether the user is a member of the account code (the route access check). */
export const isAccountMember = (user: Pick<AccountUser, 'pcodes'>, pcode: string): boolean =>
  user.pcodes.includes(pcode);

/**
 * The account the console opens after sign-in (/protect): the user's first account, in the order
 * the server lists them (the oldest membership first). `assent login` chooses the same one.
 */
export const homeAccount = (user: Pick<AccountUser, 'pcodes'>): string | undefined =>
  user.pcodes[0];

/** An account code as the header shows it: p-{code}. */
export const accountLabel = (pcode: string): string => `p-${pcode}`;

/** The code of a 'p-{code}' route segment, or undefined for anything else. */
export function accountCodeFromSegment(segment: string | undefined): string | undefined {
  const match = /^p-(.+)$/.exec(segment ?? '');
  return match?.[1];
}

/** The 'Switch to Account' dropdown shows only for users with more than one account code. */
export const showAccountSwitcher = (pcodes: readonly string[]): boolean => new Set(pcodes).size > 1;

/** The dropdown's options: every code once, labelled p-{code}, the current one marked. */
export function accountSwitchOptions(
  pcodes: readonly string[],
  current: string | undefined,
  organisations: ReadonlyArray<Pick<Organisation, 'pcode' | 'name'>> = [],
): Array<{ value: string; label: string; company: string | undefined; current: boolean }> {
  const names = new Map(organisations.map((org) => [org.pcode, org.name.trim()]));
  return [...new Set(pcodes)].map((pcode) => ({
    value: pcode,
    label: accountLabel(pcode),
    // The company name beside the code (issue 17 item 11), once the organisations are loaded.
    company: names.get(pcode) || undefined,
    current: pcode === current,
  }));
}

/** The root of an account's console pages: /protect/p-{code} (see `consolePaths`). */
export const accountPath = (pcode: string): string =>
  `/protect/${accountLabel(encodeURIComponent(pcode))}`;

/** Where choosing an account leads: /protect/p-{code}/properties. */
export const accountHomePath = (pcode: string): string => `${accountPath(pcode)}/properties`;
