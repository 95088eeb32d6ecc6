import { describe, expect, it } from 'vitest';
import {
  TWO_FACTOR_CODE_FORMAT,
  recoveryCodeFromBytes,
  twoFactorCodeKind,
  validateTwoFactorCode,
} from './two-factor';

describe('two-factor codes', () => {
  it('tells a 6-digit code from a recovery code, however it is typed', () => {
    expect(twoFactorCodeKind('123 456')).toBe('totp');
    expect(twoFactorCodeKind('ABCDE-FGHJK')).toBe('recovery');
    expect(twoFactorCodeKind('12345')).toBeUndefined();
    // 0, 1, l and o are never in a recovery code (they read alike).
    expect(twoFactorCodeKind('abcde-fghi0')).toBeUndefined();
  });

  it("refuses a malformed code on the 'code' field, naming both forms", () => {
    expect(validateTwoFactorCode({ code: 'nope' })).toEqual({
      ok: false,
      issues: [{ field: 'code', rule: 'format', message: TWO_FACTOR_CODE_FORMAT }],
    });
    expect(validateTwoFactorCode({ code: ' 654-321 ' })).toEqual({
      ok: true,
      value: { code: '654321', kind: 'totp' },
    });
  });

  it('makes recovery codes of two groups of five that read back as recovery codes', () => {
    const code = recoveryCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 4, 31, 32, 33, 250, 255]));
    expect(code).toBe('abcde-9ab49');
    expect(twoFactorCodeKind(code)).toBe('recovery');
  });
});
