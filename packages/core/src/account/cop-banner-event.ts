import { z } from 'zod';

/**
 * Consent-or-Pay banner events (properties-and-tags §3, §4, §7; reports-and-account §4): a request
 * for the Consent-or-Pay feature, and the supply-side platform call to action.
 */

export const COP_REQUEST_EVENT = 'REQUEST';

const SSP_EVENT = /^[A-Z0-9]+(?:_[A-Z0-9]+)*_SSP$/;

/** 'REQUEST', or '{PRODUCT}_SSP' for the supply-side platform's 'Go to' link. */
export const CopBannerEventType = z.union([
  z.literal(COP_REQUEST_EVENT),
  z.string().regex(SSP_EVENT, 'Expected REQUEST or {PRODUCT}_SSP'),
]);
export type CopBannerEventType = z.infer<typeof CopBannerEventType>;

/** The supply-side platform event of a product, e.g. 'ASSENT_SSP'. */
export const sspEventType = (product: string): string =>
  `${product
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')}_SSP`;

/** What POST /customization/cop-banner-event takes. */
export const CopBannerEvent = z.object({
  pcode: z.string().min(1),
  eventType: CopBannerEventType,
});
export type CopBannerEvent = z.infer<typeof CopBannerEvent>;

/** A stored event, as GET /customization/cop-banner-event/{pCode} lists them (newest first). */
export const CopBannerEventRecord = CopBannerEvent.extend({ createdAt: z.string() });
export type CopBannerEventRecord = z.infer<typeof CopBannerEventRecord>;

/**
 * The banner state: the first (latest) event's type is used, and REQUEST means Consent or Pay was
 * already requested. No events, or a failed fetch (pass []), means not requested.
 */
export const isConsentOrPayRequested = (
  events: ReadonlyArray<Pick<CopBannerEvent, 'eventType'>>,
): boolean => events[0]?.eventType === COP_REQUEST_EVENT;
