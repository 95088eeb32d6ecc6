/** Labels of the Vendors tab ('Show new vendors every' and the messages live in core). */
export const VENDORS = {
  title: 'Vendors',
  intro:
    'Choose the vendors your banners ask consent for. The selection applies to every property of the account and is compiled into its banners.',
  iabTab: 'IAB vendors',
  googleTab: 'Google ad-technology providers',
  customTab: 'Custom vendors',
  search: 'Search vendors by name or id',
  purposeFilter: 'Filter by purpose',
  allPurposes: 'All purposes',
  selectAll: 'Select all',
  selectNone: 'Select none',
  includeNew: 'Select vendors that join the vendor list automatically',
  days: 'days',
  save: 'SAVE VENDORS',
  saved: 'Your vendor selection was saved.',
  discard: 'Discard changes',
  gvlVersion: (version: number, updated: string) =>
    `Global Vendor List v${version}, updated ${updated}`,
  counts: (selected: number, total: number) => `${selected} of ${total} selected`,
  shown: (count: number) => `${count} shown`,
  noMatch: 'No vendors match the search.',
  customIntro:
    'Vendors outside the IAB Global Vendor List. They are shown in the banner with the purposes you declare for them.',
  customName: 'Vendor name',
  customPolicy: 'Privacy policy URL',
  customPurposes: 'Consent purposes',
  customLegIntPurposes: 'Legitimate interest purposes',
  addCustom: 'ADD VENDOR',
  removeCustom: 'Remove',
  noCustom: 'No custom vendors yet.',
  policy: 'Privacy policy',
} as const;
