import type { Announcement } from '../account/announcements';
import type { AccountUser, Organisation } from '../account/user';

/**
 * Fixed builders for account tests. Times are fixed instants in UTC; nothing reads the clock.
 */

/** Friday 15 March 2024, 12:00 UTC. */
export const ACCOUNT_NOW = new Date('2024-03-15T12:00:00.000Z');

export function buildAccountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    username: 'jane@example.com',
    email: 'jane@example.com',
    givenName: 'Jane',
    familyName: 'Doe',
    name: 'Jane Doe',
    pcodes: ['AB12CD'],
    isAdmin: false,
    ...overrides,
  };
}

export function buildOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    pcode: 'AB12CD',
    name: 'Example Media',
    sspTosAccepted: true,
    cmpTosAccepted: true,
    premiumEligible: false,
    consentOrPayEnabled: false,
    ...overrides,
  };
}

/** Runs through March 2024; a dismissal hides it for 7 days. */
export function buildAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'spring-release',
    start: '2024-03-01T00:00:00.000Z',
    end: '2024-03-31T23:59:59.000Z',
    expire: 7,
    expireUnits: 'days',
    modal: { title: 'New reports', content: 'Build custom reports from the Reports tab.' },
    ...overrides,
  };
}
