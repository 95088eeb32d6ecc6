import { describe, expect, it } from 'vitest';
import { NO_ANGLE_BRACKETS, REQUIRED } from './messages';
import {
  collect,
  isUnsafeText,
  isValidEmail,
  isValidHost,
  isValidUrl,
  issuesToFields,
  noAngleBrackets,
  required,
} from './validation';

describe('isValidUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?x=1#top',
    'https://sub.example.co.uk:8443/a/b',
    'http://localhost:4600/',
    'http://127.0.0.1/x',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each([
    '',
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://',
    'https://exa mple.com',
    'https://example',
    ' https://example.com',
  ])('rejects %j', (url) => expect(isValidUrl(url)).toBe(false));
});

describe('isValidHost', () => {
  it('accepts dotted hosts and rejects labels with bad characters', () => {
    expect(isValidHost('www.example.com')).toBe(true);
    expect(isValidHost('my-site.example')).toBe(true);
    expect(isValidHost('-bad.example.com')).toBe(false);
    expect(isValidHost('example')).toBe(false);
    expect(isValidHost('exa_mple.com')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('needs a local part, an @ and a dotted domain', () => {
    expect(isValidEmail('jane@example.com')).toBe(true);
    expect(isValidEmail('jane@example')).toBe(false);
    expect(isValidEmail('jane example.com')).toBe(false);
  });
});

describe('isUnsafeText', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'click javascript:alert(1)',
    'a onclick = "x"',
  ])('flags %s', (text) => expect(isUnsafeText(text)).toBe(true));
  it('lets ordinary prose through', () => {
    expect(
      isUnsafeText('We do not sell your data. Read our policy: https://example.com/privacy'),
    ).toBe(false);
  });
});

describe('collect and issuesToFields', () => {
  it('keeps the first message per field and skips passing checks', () => {
    const result = collect({ name: '' }, [
      required('name', ''),
      noAngleBrackets('name', '<b>'),
      undefined,
      false,
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(2);
    expect(issuesToFields(result.issues)).toEqual({ name: REQUIRED });
    expect(result.issues[1]?.message).toBe(NO_ANGLE_BRACKETS);
  });
});
