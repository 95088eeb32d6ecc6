/**
 * Bulk update's labels and messages (themes-and-bulk-update §2, §5, §8), verbatim. Where the
 * spec's wording is "not shown", the wording here is ours (docs/decisions.md).
 * The link and URL messages are the shared ones of ../messages (LINK_TEXT_REQUIRED,
 * LINK_URL_INVALID, INVALID_URL); 'Show new vendors every' uses the property module's
 * REPROMPT_DAYS_MINIMUM ('The minimum is 6 days').
 */

export const MULTIPLE_VERSIONS_DETECTED = 'Multiple versions detected';
/** Body of the warning modal: wording not shown. */
export const MULTIPLE_VERSIONS_TEXT =
  'The selected properties use different CMP versions. Settings a property’s version does not support will not be applied to it.';
export const MULTIPLE_VERSIONS_CANCEL = 'Cancel';
export const MULTIPLE_VERSIONS_NEXT = 'Next';

export const BULK_SUBMIT = 'SUBMIT';
/** Step titles: wording not shown. */
export const BULK_STEP_TITLES = {
  select: 'Select properties',
  details: 'Choose the changes',
  overview: 'Overview',
} as const;

/** Step 2's Next stays disabled without a regulation or Google basic consent: wording not shown. */
export const BULK_REGULATION_REQUIRED =
  'Choose at least one regulation (privacy modes or consent locations) or turn on Google basic consent';
