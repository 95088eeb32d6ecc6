import { describe, expect, it } from 'vitest';
import { INVALID_URL, NO_ANGLE_BRACKETS, REQUIRED } from '../messages';
import {
  identifierChanged,
  identifierKey,
  isBareDomain,
  isValidLogoUrl,
  validateLogoUrl,
  validateOptionalUrl,
  validatePackageId,
  validatePublisherName,
  validateSiteUrl,
} from './identity';
import {
  DUPLICATE_PROPERTY,
  LOGO_URL_INVALID,
  PACKAGE_ID_INVALID,
  SITE_URL_HAS_SCHEME,
  SITE_URL_HAS_SCHEME_TEMPLATE,
  SITE_URL_INVALID,
  siteUrlHasSchemeMessage,
} from './messages';

describe('isBareDomain', () => {
  it.each([
    ['example.com', true],
    ['www.example.com', true],
    ['example.co.uk', true],
    ['www.example.co.uk', true],
    ['news.example.com', false],
    ['a.b.example.com', false],
    ['www.a.example.com', false],
    ['example.com/blog', false],
    ['http:example.com', false],
    ['localhost', false],
  ])('%s → %s', (url, expected) => expect(isBareDomain(url)).toBe(expected));
});

describe('validateSiteUrl', () => {
  const create = { isNew: true, existing: ['Example.com', 'shop.example.com'] };

  it('requires a url', () => {
    expect(validateSiteUrl('', create)).toEqual([
      { field: 'url', rule: 'required', message: REQUIRED },
    ]);
  });

  it('refuses a scheme with the spec message', () => {
    expect(SITE_URL_HAS_SCHEME_TEMPLATE).toBe('Oops, remove http:// or {host}');
    expect(siteUrlHasSchemeMessage('https://')).toBe('Oops, remove http:// or https://');
    expect(SITE_URL_HAS_SCHEME).toBe('Oops, remove http:// or https://');
    expect(validateSiteUrl('https://example.org', create)[0]?.message).toBe(SITE_URL_HAS_SCHEME);
    expect(validateSiteUrl('HTTP://example.org', create)[0]?.message).toBe(SITE_URL_HAS_SCHEME);
  });

  it('refuses invalid hosts with the spec message', () => {
    expect(SITE_URL_INVALID).toBe('URL field is not valid.');
    for (const url of ['exa mple.com', 'example', 'example..com', '-x.com']) {
      expect(validateSiteUrl(url, create)[0]?.message).toBe(SITE_URL_INVALID);
    }
  });

  it('accepts hosts with a port and a path', () => {
    expect(validateSiteUrl('news.example.org:8080/section', create)).toEqual([]);
  });

  it('rejects a case-insensitive duplicate on create only', () => {
    expect(DUPLICATE_PROPERTY).toBe('Oops, this URL already exists. Please update your Site URL.');
    expect(validateSiteUrl('EXAMPLE.COM', create)[0]?.message).toBe(DUPLICATE_PROPERTY);
    expect(validateSiteUrl('EXAMPLE.COM', { isNew: false })).toEqual([]);
  });
});

describe('validatePackageId', () => {
  it('needs a dotted identifier starting with a letter', () => {
    expect(PACKAGE_ID_INVALID).toBe('Please enter a valid package ID');
    expect(validatePackageId('com.example.app', { isNew: true })).toEqual([]);
    expect(validatePackageId('com.example.my-app', { isNew: true })).toEqual([]);
    for (const id of [
      '1com.example',
      'example',
      'com..example',
      'com.example.',
      'com example.app',
    ]) {
      expect(validatePackageId(id, { isNew: true })[0]?.message).toBe(PACKAGE_ID_INVALID);
    }
  });

  it('is unique case-insensitively when new, with the url duplicate message', () => {
    expect(
      validatePackageId('COM.Example.App', { isNew: true, existing: ['com.example.app'] })[0]
        ?.message,
    ).toBe(DUPLICATE_PROPERTY);
  });

  it('is required', () => {
    expect(validatePackageId(undefined, { isNew: true })[0]?.message).toBe(REQUIRED);
  });
});

describe('logo URL', () => {
  it('accepts the listed extensions ignoring the query string', () => {
    for (const ext of ['png', 'JPG', 'jpeg', 'gif', 'bmp', 'svg', 'svgi']) {
      expect(isValidLogoUrl(`https://cdn.example.com/logo.${ext}?v=3#x`)).toBe(true);
    }
  });
  it('refuses other files and non-URLs', () => {
    expect(isValidLogoUrl('https://cdn.example.com/logo.webp')).toBe(false);
    expect(isValidLogoUrl('https://cdn.example.com/logo?format=.png')).toBe(false);
    expect(isValidLogoUrl('cdn.example.com/logo.png')).toBe(false);
    expect(validateLogoUrl('https://x.com/a.txt')[0]?.message).toBe(LOGO_URL_INVALID);
    // Wording not shown in the spec: ours, worded once.
    expect(LOGO_URL_INVALID).toBe(
      'Please enter a valid image URL (PNG, JPG, JPEG, GIF, BMP, SVG or SVGI)',
    );
    expect(validateLogoUrl('')).toEqual([]);
  });
});

describe('publisher name', () => {
  it('is required only when asked, and never holds angle brackets', () => {
    expect(validatePublisherName('', { required: true })[0]?.message).toBe(REQUIRED);
    expect(validatePublisherName('', { required: false })).toEqual([]);
    expect(NO_ANGLE_BRACKETS).toBe("Field should not contain '<' or '>' symbols.");
    expect(validatePublisherName('Acme <b>', { required: false })[0]?.message).toBe(
      NO_ANGLE_BRACKETS,
    );
  });
});

describe('optional urls', () => {
  it('accepts empty or valid URLs', () => {
    expect(validateOptionalUrl('', 'redirectUrl')).toEqual([]);
    expect(validateOptionalUrl('https://x.example/a', 'redirectUrl')).toEqual([]);
    expect(validateOptionalUrl('x.example', 'redirectUrl')).toEqual([
      { field: 'redirectUrl', rule: 'url', message: INVALID_URL },
    ]);
  });
  it('compares identifiers case-insensitively', () => {
    expect(identifierKey(' Example.COM ')).toBe('example.com');
  });
  it('an identifier changed only when more than its case or surrounding spaces changed', () => {
    expect(identifierChanged('news.example', ' News.EXAMPLE ')).toBe(false);
    expect(identifierChanged('news.example', 'news.example/de')).toBe(true);
    expect(identifierChanged('', 'com.example.app')).toBe(true);
  });
});
