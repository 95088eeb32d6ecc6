import type { BulkUpdateJob } from '@assent/core/bulk-update';
import type { PropertyListItem } from '@assent/core/property';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { initData, PCODE } from '../property-form/testing';
import { listItem } from '../testing/builders';
import type { FakeApi } from '../testing/fake-api';
import { fakeApi } from '../testing/render';
import { TABLE } from './copy';

/** Fixtures of the bulk update tests (fixed data, never random). */

export { PCODE };
export const FLOW = `/protect/p-${PCODE}/bulk-update`;
export const STATUS_PAGE = `/protect/p-${PCODE}/bulk-update-status`;
export const PROPERTIES_PAGE = `/protect/p-${PCODE}/properties`;
export const STATUS_ROUTE = 'GET /customization/v2/bulk-update/status';
export const SUBMIT_ROUTE = 'POST /customization/v2/bulk-update';

/** Four sites on the latest version, one on 60, and an app on 50 (USP, a declared legal basis). */
export const BULK_PROPERTIES: PropertyListItem[] = [
  listItem(1),
  listItem(2, { applyToSubDomains: true }),
  listItem(3, { cmpVersion: 60, publisherCC: 'FR' }),
  listItem(4, { ampEnabled: true }),
  listItem(5, { consentScope: 'service group' }),
  listItem(6, {
    propertyType: 'APP',
    propertyTypeLabel: 'App',
    cmpVersion: 50,
    privacyModes: ['USP'],
    consentLocations: ['USA'],
    noLegalBasis: false,
    purposeIds: [1, 2],
  }),
];

export const job = (overrides: Partial<BulkUpdateJob> = {}): BulkUpdateJob => ({
  status: 'RUNNING',
  done: false,
  initiatedBy: 'nora@example.com',
  startedAt: '2024-03-15T11:58:00.000Z',
  lastUpdatedOn: '2024-03-15T11:59:00.000Z',
  successful: 1,
  failed: [],
  pending: 2,
  total: 3,
  ...overrides,
});

export const statusBody = (j: BulkUpdateJob | null) => ({
  code: j ? 'BULK_UPDATE_STATUS' : 'NO_BULK_UPDATE',
  message: j ? 'status' : 'There has been no bulk update on this account.',
  job: j,
});

/**
 * The calls the flow makes: the account's properties (in full, and as the properties page's rows),
 * the site init data, the latest job.
 */
export function bulkApi(properties: PropertyListItem[] = BULK_PROPERTIES): FakeApi {
  return fakeApi()
    .on('GET /customization/v2/site', { body: properties })
    .on('GET /customization/v2/site/rows', { body: properties })
    .on('GET /customization/v2/site/init', { body: initData('SITE') })
    .on(STATUS_ROUTE, { body: statusBody(null) });
}

export const rowCheckbox = (name: string) =>
  screen.getByRole('checkbox', { name: TABLE.selectRow(name) }) as HTMLInputElement;

export const bodyRows = () =>
  within(screen.getByRole('table', { name: TABLE.label }))
    .getAllByRole('row')
    .slice(1);

/** Selects the given properties of step 1 (by url) and presses NEXT. */
export async function selectAndNext(user: UserEvent, names: string[]) {
  await screen.findByRole('table', { name: TABLE.label });
  for (const name of names) await user.click(rowCheckbox(name));
  await user.click(screen.getByRole('button', { name: 'NEXT' }));
}

export async function waitForPath(
  router: { state: { location: { pathname: string } } },
  path: string,
) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}
