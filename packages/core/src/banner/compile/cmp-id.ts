/**
 * The CMP id used when the operator has configured none (ASSENT_CMP_ID unset, or below 2): the
 * largest 12-bit id, which IAB has not assigned. Vendors that check ids against IAB's CMP list
 * ignore such strings (no consent), so an unconfigured server never claims another CMP's id.
 */
export const UNREGISTERED_CMP_ID = 4095;

/** The CMP id the strings carry: the configured one when IAB could have assigned it. */
export const bannerCmpId = (configured: number): number =>
  Number.isInteger(configured) && configured >= 2 && configured <= 4095
    ? configured
    : UNREGISTERED_CMP_ID;
