/**
 * How long a visitor's choice is kept: 13 months, the usual maximum for consent. The consent
 * cookies and the group storage expire after it, and privacy texts show it as `{{storageMonths}}`.
 */
export const CONSENT_LIFETIME_MONTHS = 13;

/**
 * The consent lifetime in seconds (the cookies' max-age): 13 months as 395 whole days. Written as a
 * literal so the runtime's bundle keeps a constant; its test ties it to the months.
 */
export const CONSENT_LIFETIME_SECONDS = 395 * 24 * 3600;
