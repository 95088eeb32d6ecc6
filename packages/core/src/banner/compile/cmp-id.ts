/**
 * The CMP id used when the operator has configured none (ASSENT_CMP_ID unset, or below 2): the
 * largest 12-bit id, which IAB has not assigned. Vendors that check ids against IAB's CMP list
 * ignore such strings (no consent), so an unconfigured server never claims another CMP's id.
 */
export const UNREGISTERED_CMP_ID = 4095;

/**
 * What `/healthz`, the console and the server log say while the strings carry the unassigned id
 * (issue 15 item 13).
 */
export const UNREGISTERED_CMP_ID_WARNING =
  "ASSENT_CMP_ID is not set to your IAB CMP id: every TC and GPP string this server's banners write carries CMP id 4095, which IAB has not registered. Google and the vendors that check IAB's CMP list reject these strings, so visitors' consent does not reach them. Set ASSENT_CMP_ID to the CMP id IAB assigned you.";

/** The warning for the configured id, or undefined when the strings carry it. */
export const cmpIdWarning = (configured: number): string | undefined =>
  bannerCmpId(configured) === UNREGISTERED_CMP_ID ? UNREGISTERED_CMP_ID_WARNING : undefined;

/** The CMP id the strings carry: the configured one when IAB could have assigned it. */
export const bannerCmpId = (configured: number): number =>
  Number.isInteger(configured) && configured >= 2 && configured <= 4095
    ? configured
    : UNREGISTERED_CMP_ID;
