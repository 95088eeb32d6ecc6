import { describe, expect, it } from 'vitest';
import { CopBannerEvent, isConsentOrPayRequested, sspEventType } from './cop-banner-event';
import { COP_CONTENT_REVIEW_NOTE, COP_REQUEST_RECEIVED } from './messages';

describe('Consent-or-Pay banner events', () => {
  it('accepts REQUEST and {product}_SSP only', () => {
    expect(CopBannerEvent.safeParse({ pcode: 'AB12', eventType: 'REQUEST' }).success).toBe(true);
    expect(CopBannerEvent.safeParse({ pcode: 'AB12', eventType: 'ASSENT_SSP' }).success).toBe(true);
    expect(CopBannerEvent.safeParse({ pcode: 'AB12', eventType: 'CLICK' }).success).toBe(false);
    expect(CopBannerEvent.safeParse({ pcode: '', eventType: 'REQUEST' }).success).toBe(false);
  });

  it('names the supply-side platform event after the product', () => {
    expect(sspEventType('assent')).toBe('ASSENT_SSP');
    expect(sspEventType('Ad Platform')).toBe('AD_PLATFORM_SSP');
  });

  it('reads the banner state from the latest (first) event: REQUEST means already requested', () => {
    expect(isConsentOrPayRequested([{ eventType: 'REQUEST' }, { eventType: 'ASSENT_SSP' }])).toBe(
      true,
    );
    expect(isConsentOrPayRequested([{ eventType: 'ASSENT_SSP' }, { eventType: 'REQUEST' }])).toBe(
      false,
    );
    expect(isConsentOrPayRequested([])).toBe(false);
  });

  it('words the success and content-review notes as the spec does', () => {
    expect(COP_REQUEST_RECEIVED).toBe(
      "We've received your request to enable Consent or Pay on your account. Our team will reach out soon with the next steps.",
    );
    expect(COP_CONTENT_REVIEW_NOTE).toBe(
      'CoP content is currently under review. Standard text is being used until approval.',
    );
  });
});
