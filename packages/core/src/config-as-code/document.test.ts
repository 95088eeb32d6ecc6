import { describe, expect, it } from 'vitest';
import { formatDocumentPath, parseConfigDocument } from './document';
import { closest } from './suggest';
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
      [
        'properties.example.com.consentLocations[1]',
        'Invalid value "MARS": expected one of WORLDWIDE, EEA, USA or NEVER',
      ],
      ['properties.example.com.type', "Expected 'site' or 'app'"],
    ]);
  });
});

describe('nested settings and allowed values', () => {
  const property = (settings: Record<string, unknown>) =>
    issuesOf({ assent: 1, account: 'abc123', properties: { 'example.com': settings } });

  it('rejects unknown keys inside nested settings at their full path', () => {
    expect(
      property({
        consentOrPayConfig: { enabeld: true, foo: 1, callbacks: { action3: 'x' } },
        gbcApplicablePurposes: [{ id: 1, defaultvalue: 'GRANTED' }],
      }),
    ).toEqual([
      ['properties.example.com.consentOrPayConfig.enabeld', unknownField('enabeld', 'enabled')],
      ['properties.example.com.consentOrPayConfig.foo', unknownField('foo')],
      [
        'properties.example.com.consentOrPayConfig.callbacks.action3',
        unknownField('action3', 'action1'),
      ],
      [
        'properties.example.com.gbcApplicablePurposes[0].defaultvalue',
        unknownField('defaultvalue', 'defaultValue'),
      ],
    ]);
  });

  it('says which values are allowed, read off the schema', () => {
    expect(
      property({
        cmpVersion: 'banana',
        gbcEnabled: 'yes',
        mspaAutoPopUp: 'sometimes',
        thirdPartyStorageType: 'cookie',
        consentOrPayConfig: { callbackType: 'nobody' },
      }),
    ).toEqual([
      [
        'properties.example.com.cmpVersion',
        'Invalid value "banana": expected latest or a whole number',
      ],
      ['properties.example.com.gbcEnabled', 'Invalid value "yes": expected true or false'],
      [
        'properties.example.com.mspaAutoPopUp',
        'Invalid value "sometimes": expected one of true, false or link',
      ],
      [
        'properties.example.com.thirdPartyStorageType',
        'Invalid value "cookie": expected one of iframe, api or null',
      ],
      [
        'properties.example.com.consentOrPayConfig.callbackType',
        'Invalid value "nobody": expected publisher or self',
      ],
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
