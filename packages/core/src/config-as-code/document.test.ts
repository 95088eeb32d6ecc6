import { describe, expect, it } from 'vitest';
import { closest, formatDocumentPath, parseConfigDocument } from './document';
import {
  ACCOUNT_MISSING,
  DOCUMENT_VERSION_MISSING,
  UNKNOWN_COUNTRY_CODE,
  documentVersionUnsupported,
  unknownField,
} from './messages';

const issuesOf = (raw: unknown) => {
  const result = parseConfigDocument(raw);
  return result.ok ? [] : result.issues.map((i) => [formatDocumentPath(i.path), i.message]);
};

describe('parseConfigDocument', () => {
  it('reads a document and fills each property type', () => {
    const result = parseConfigDocument({
      assent: 1,
      account: ' abc123 ',
      themes: { Corporate: { type: 'site' } },
      properties: {
        'example.com': { theme: 'Corporate', publisherCC: 'fr' },
        'com.example.app': { type: 'app' },
        'bare.example.com': null,
      },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        assent: 1,
        account: 'abc123',
        themes: { Corporate: { type: 'site' } },
        properties: {
          'example.com': { type: 'site', theme: 'Corporate', publisherCC: 'fr' },
          'com.example.app': { type: 'app' },
          'bare.example.com': { type: 'site' },
        },
      },
    });
  });

  it('names the version and account when they are missing or wrong', () => {
    expect(issuesOf({ properties: {} })).toEqual([
      ['', DOCUMENT_VERSION_MISSING],
      ['', ACCOUNT_MISSING],
    ]);
    expect(issuesOf({ assent: 2, account: 'x' })).toEqual([
      ['assent', documentVersionUnsupported(2)],
    ]);
  });

  it('rejects unknown fields with a suggestion, and bad values at their path', () => {
    expect(
      issuesOf({
        assent: 1,
        account: 'abc123',
        propertes: {},
        properties: {
          'example.com': {
            publisherCCC: 'FR',
            publisherCC: 'XX',
            consentLocations: ['EEA', 'MARS'],
            type: 'website',
          },
        },
      }),
    ).toEqual([
      ['propertes', unknownField('propertes', 'properties')],
      ['properties.example.com.publisherCCC', unknownField('publisherCCC', 'publisherCC')],
      ['properties.example.com.publisherCC', UNKNOWN_COUNTRY_CODE],
      ['properties.example.com.consentLocations[1]', expect.stringContaining('Invalid option')],
      ['properties.example.com.type', "Expected 'site' or 'app'"],
    ]);
  });
});

describe('closest', () => {
  it('suggests only near candidates', () => {
    expect(closest('consentLocation', ['consentLocations', 'consentScope'])).toBe(
      'consentLocations',
    );
    expect(closest('zzz', ['consentLocations'])).toBeUndefined();
  });
});
