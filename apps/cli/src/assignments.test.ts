import { BulkFilters, BulkUpdateFields } from '@assent/core/bulk-update';
import { describe, expect, it } from 'vitest';
import { parseAssignments } from './assignments';

describe('parseAssignments', () => {
  it('reads numbers, booleans, text and comma-separated or repeated lists', () => {
    expect(
      parseAssignments(
        ['cmpVersion=60', 'gbcEnabled=true', 'publisherCC=fr', 'consentLocations=EEA,USA'],
        BulkUpdateFields.shape,
        '--set',
      ),
    ).toEqual({
      cmpVersion: 60,
      gbcEnabled: true,
      publisherCC: 'fr',
      consentLocations: ['EEA', 'USA'],
    });
    expect(
      parseAssignments(
        ['cmpVersion=latest', 'cmpVersion=60', 'themeId=5'],
        BulkFilters.shape,
        '--where',
      ),
    ).toEqual({ cmpVersion: ['latest', 60], themeId: ['5'] });
  });

  it('lists the valid fields for an unknown one and explains a bad value', () => {
    expect(() => parseAssignments(['colour=red'], BulkFilters.shape, '--where')).toThrow(
      /unknown field 'colour'\. Valid fields: cmpVersion, consentLocations/,
    );
    expect(() =>
      parseAssignments(['gdprEncodingMode=XML'], BulkUpdateFields.shape, '--set'),
    ).toThrow(
      '--set gdprEncodingMode=XML: Invalid value "XML": expected one of TCF, GPP or TCF_AND_GPP',
    );
    expect(() => parseAssignments(['cmpVersion=banana'], BulkUpdateFields.shape, '--set')).toThrow(
      '--set cmpVersion=banana: Invalid value "banana": expected latest or a whole number',
    );
    expect(() =>
      parseAssignments(['consentLocations=EEA,MARS'], BulkUpdateFields.shape, '--set'),
    ).toThrow(
      '--set consentLocations=EEA,MARS: Invalid value "MARS": expected one of WORLDWIDE, EEA, USA or NEVER',
    );
    expect(() => parseAssignments(['publisherCC'], BulkUpdateFields.shape, '--set')).toThrow(
      'expected FIELD=VALUE',
    );
  });
});
