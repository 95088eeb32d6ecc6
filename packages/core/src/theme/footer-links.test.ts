import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../validation';
import {
  FOOTER_LINK_LIMITS,
  addFooterLink,
  canAddFooterLink,
  compactLinks,
  isPrivacyPolicyLink,
  removeFooterLink,
  validateFooterLinks,
  validateLinkPair,
} from './footer-links';

const FIELDS = { text: 'links.0.text', url: 'links.0.url' };
const EMPTY = { text: '', url: '' };

describe('link pairs', () => {
  it('require each other', () => {
    expect(issuesToFields(validateLinkPair({ text: 'Imprint', url: '' }, FIELDS))).toEqual({
      'links.0.url': 'Link URL is not valid',
    });
    expect(
      issuesToFields(validateLinkPair({ text: '', url: 'https://a.example/imprint' }, FIELDS)),
    ).toEqual({
      'links.0.text': 'Link text is required',
    });
  });

  it('need a valid URL and text without angle brackets', () => {
    expect(
      issuesToFields(validateLinkPair({ text: '<Imprint>', url: 'a.example/imprint' }, FIELDS)),
    ).toEqual({
      'links.0.text': "Field should not contain '<' or '>' symbols.",
      'links.0.url': 'Link URL is not valid',
    });
    expect(validateLinkPair({ text: 'Imprint', url: 'https://a.example/imprint' }, FIELDS)).toEqual(
      [],
    );
  });

  it('pass when left entirely empty', () => {
    expect(validateLinkPair(EMPTY, FIELDS)).toEqual([]);
  });
});

describe('footer link lists', () => {
  it('allow 2 on site themes and 3 on app themes and in bulk', () => {
    expect(FOOTER_LINK_LIMITS).toMatchObject({ site: 2, app: 3, bulk: 3 });
    const three = [EMPTY, EMPTY, EMPTY];
    expect(
      issuesToFields(validateFooterLinks(three, 'site', 'uxInitialScreenCustomLinks')),
    ).toEqual({
      uxInitialScreenCustomLinks: 'You can add up to 2 footer links.',
    });
    expect(validateFooterLinks(three, 'app', 'uxInitialScreenCustomLinks')).toEqual([]);
  });

  it('name each pair field by index and key', () => {
    expect(
      issuesToFields(
        validateFooterLinks(
          [{ text: 'Privacy', url: 'x' }],
          'languageEntry',
          'e.customFooterLink',
          {
            text: 'label',
            url: 'link',
          },
        ),
      ),
    ).toEqual({ 'e.customFooterLink.0.link': 'Link URL is not valid' });
  });

  it('reserve the first entry for the privacy policy', () => {
    expect(isPrivacyPolicyLink(0)).toBe(true);
    expect(isPrivacyPolicyLink(1)).toBe(false);
  });

  it("'Add one' appends an empty row until the limit", () => {
    const one = [{ text: 'Privacy', url: 'https://a.example/p' }];
    const two = addFooterLink(one, 'site', EMPTY);
    expect(two).toEqual([...one, EMPTY]);
    expect(canAddFooterLink(two, 'site')).toBe(false);
    expect(addFooterLink(two, 'site', EMPTY)).toEqual(two);
  });

  it("'Remove one' drops the row with its values; the privacy row is cleared instead", () => {
    const rows = [
      { text: 'Privacy', url: 'https://a.example/p' },
      { text: 'Imprint', url: 'https://a.example/i' },
    ];
    expect(removeFooterLink(rows, 1, EMPTY)).toEqual([rows[0]]);
    expect(removeFooterLink(rows, 0, EMPTY)).toEqual([EMPTY, rows[1]]);
  });

  it('drop only trailing empty rows before sending, so the privacy policy stays first', () => {
    const imprint = { text: 'Imprint', url: 'https://a.example/i' };
    expect(compactLinks([EMPTY, imprint, EMPTY])).toEqual([EMPTY, imprint]);
    expect(compactLinks([EMPTY, EMPTY])).toEqual([]);
  });
});
