import { describe, expect, it } from 'vitest';
import { CONSENT_LIFETIME_MONTHS, CONSENT_LIFETIME_SECONDS } from './consent-lifetime';

describe('consent lifetime', () => {
  it('is 13 months, which the cookies keep as the whole days of 13 average months (395)', () => {
    expect(CONSENT_LIFETIME_MONTHS).toBe(13);
    const days = Math.floor((CONSENT_LIFETIME_MONTHS * 365.25) / 12);
    expect(days).toBe(395);
    expect(CONSENT_LIFETIME_SECONDS).toBe(days * 24 * 3600);
  });
});
