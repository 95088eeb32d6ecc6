import { describe, expect, it } from 'vitest';
import { buildTermsAcceptance, termsAcceptanceFlags, validateTermsAcceptance } from './terms';

describe('terms acceptance', () => {
  it("posts accepted, productType 'CMP', the e-mail and the account code", () => {
    expect(buildTermsAcceptance({ pcode: 'AB12', email: 'jane@example.com' })).toEqual({
      accepted: true,
      productType: 'CMP',
      email: 'jane@example.com',
      pcode: 'AB12',
    });
  });

  it('needs a valid e-mail, the signed-in one when given', () => {
    const acceptance = buildTermsAcceptance({ pcode: 'AB12', email: 'jane@example.com' });
    expect(validateTermsAcceptance(acceptance, 'JANE@example.com').ok).toBe(true);
    expect(validateTermsAcceptance({ ...acceptance, email: 'nope' }).ok).toBe(false);
    const other = validateTermsAcceptance(acceptance, 'bob@example.com');
    expect(!other.ok && other.issues[0]?.message).toBe(
      'Terms can only be accepted for your own e-mail address',
    );
  });

  it('sets the flag of the accepted product only', () => {
    expect(termsAcceptanceFlags(buildTermsAcceptance({ pcode: 'AB12', email: 'a@b.co' }))).toEqual({
      cmpTosAccepted: true,
    });
    expect(
      termsAcceptanceFlags(buildTermsAcceptance({ pcode: 'AB12', email: 'a@b.co' }, 'SSP')),
    ).toEqual({ sspTosAccepted: true });
  });
});
