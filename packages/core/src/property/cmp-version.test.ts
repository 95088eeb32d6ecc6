import { describe, expect, it } from 'vitest';
import {
  CMP_VERSIONS,
  CmpVersion,
  LATEST_CMP_VERSION,
  OLD_SDK_VERSION_LABEL,
  isOldCmpVersion,
  resolveCmpVersion,
  supportsFeature,
} from './cmp-version';

describe('CMP versions', () => {
  it("parses numbers, numeric strings and 'latest'", () => {
    expect(CmpVersion.parse('latest')).toBe('latest');
    expect(CmpVersion.parse(54)).toBe(54);
    expect(CmpVersion.parse('54')).toBe(54);
    expect(CmpVersion.safeParse('v54').success).toBe(false);
  });

  it('counts 53 and earlier as old', () => {
    expect(isOldCmpVersion(53)).toBe(true);
    expect(isOldCmpVersion(54)).toBe(false);
    expect(isOldCmpVersion('latest')).toBe(false);
    expect(OLD_SDK_VERSION_LABEL).toBe('N/A (old SDK version)');
  });

  it('gates features by the first version that has them', () => {
    expect(supportsFeature(19, 'amp')).toBe(false);
    expect(supportsFeature(20, 'amp')).toBe(true);
    expect(supportsFeature(59, 'mspaFooterLink')).toBe(false);
    expect(supportsFeature('latest', 'consentOrPay')).toBe(true);
    expect(resolveCmpVersion('latest')).toBe(LATEST_CMP_VERSION);
  });

  it('lists latest first, then releases newest first', () => {
    expect(CMP_VERSIONS[0]?.version).toBe('latest');
    const numbers = CMP_VERSIONS.slice(1).map((v) => v.version as number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});
