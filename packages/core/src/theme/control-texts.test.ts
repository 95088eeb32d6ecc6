import { describe, expect, it } from 'vitest';
import { bannerControlTexts } from './control-texts';

describe('control texts', () => {
  it('control texts exist for every default-text language, English otherwise', () => {
    expect(bannerControlTexts('fr').acceptAll).toBe('Tout accepter');
    expect(bannerControlTexts('xx')).toEqual(bannerControlTexts('en'));
    for (const lang of ['en', 'de', 'zh', 'hi', 'th', 'mt']) {
      const t = bannerControlTexts(lang);
      expect(Object.values(t).every((v) => v.length > 0 && v.length <= 40)).toBe(true);
    }
  });
});
