import { describe, expect, it } from 'vitest';
import { buildAccountUser } from '../testing/account';
import {
  AccountUser,
  Organisation,
  accountCodeFromSegment,
  accountHomePath,
  accountLabel,
  accountSwitchOptions,
  isAccountMember,
  showAccountSwitcher,
  userDisplayName,
} from './user';

describe('account switching', () => {
  it("shows the 'Switch to Account' dropdown only for more than one account code", () => {
    expect(showAccountSwitcher(['AB12'])).toBe(false);
    expect(showAccountSwitcher(['AB12', 'AB12'])).toBe(false);
    expect(showAccountSwitcher(['AB12', 'CD34'])).toBe(true);
  });

  it('labels codes p-{code} and marks the current one', () => {
    expect(accountLabel('AB12')).toBe('p-AB12');
    expect(accountSwitchOptions(['AB12', 'CD34'], 'CD34')).toEqual([
      { value: 'AB12', label: 'p-AB12', company: undefined, current: false },
      { value: 'CD34', label: 'p-CD34', company: undefined, current: true },
    ]);
  });

  it('names the company of each code beside it, when known (issue 17 item 11)', () => {
    expect(
      accountSwitchOptions(['AB12', 'CD34'], 'AB12', [
        { pcode: 'CD34', name: 'Nora News Ltd' },
        { pcode: 'AB12', name: ' ' },
      ]).map((o) => [o.label, o.company]),
    ).toEqual([
      ['p-AB12', undefined],
      ['p-CD34', 'Nora News Ltd'],
    ]);
  });

  it('navigates to /protect/p-{code}/properties', () => {
    expect(accountHomePath('CD34')).toBe('/protect/p-CD34/properties');
  });

  it('reads the code of a p-{code} route segment', () => {
    expect(accountCodeFromSegment('p-AB12')).toBe('AB12');
    expect(accountCodeFromSegment('AB12')).toBeUndefined();
    expect(accountCodeFromSegment(undefined)).toBeUndefined();
  });
});

describe('user', () => {
  it('parses /auth/me with isAdmin defaulting to false', () => {
    const { isAdmin: _isAdmin, ...rest } = buildAccountUser();
    expect(AccountUser.parse(rest).isAdmin).toBe(false);
  });

  it('is a member of its own account codes only', () => {
    expect(isAccountMember(buildAccountUser(), 'AB12CD')).toBe(true);
    expect(isAccountMember(buildAccountUser(), 'ZZ99')).toBe(false);
  });

  it('shows the name, else given and family names, else the e-mail', () => {
    expect(userDisplayName(buildAccountUser())).toBe('Jane Doe');
    expect(userDisplayName(buildAccountUser({ name: ' ' }))).toBe('Jane Doe');
    expect(userDisplayName(buildAccountUser({ name: '', givenName: '', familyName: '' }))).toBe(
      'jane@example.com',
    );
  });

  it('defaults every organisation flag to false', () => {
    expect(Organisation.parse({ pcode: 'AB12', name: 'X' })).toEqual({
      pcode: 'AB12',
      name: 'X',
      sspTosAccepted: false,
      cmpTosAccepted: false,
      premiumEligible: false,
      consentOrPayEnabled: false,
    });
  });
});
