import { REPORT_ERROR_TEXT, REPORT_ERROR_TITLE, SITE_REPORT_PERIOD } from '@assent/core/property';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_PROPERTIES_BUTTON, EDIT, REPORT } from '../property-form/copy';
import { ACCOUNT, PCODE, storedApp } from '../property-form/testing';
import { gdprAnalytics } from '../testing/builders';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { HISTORY_TAB, HISTORY_TITLE } from '../history/copy';

const DETAIL = `${ACCOUNT}/apps/detail/app-1`;
const ANALYTICS = `POST /analytics/v1/properties/pcode/${PCODE}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app detail', () => {
  it('is titled by the package id, with EDIT and a single reports tab (two decimals); History opens as a dialog', async () => {
    const api = fakeApi()
      .on('GET /customization/v2/app/app-1', { body: storedApp() })
      .on(ANALYTICS, { body: { 'app-1': gdprAnalytics(45.678) } })
      .on('GET /customization/v2/history', {
        body: {
          items: [
            {
              id: 'e1',
              at: '2024-03-01T08:00:00.000Z',
              actor: 'editor@example.com',
              tokenName: null,
              via: 'session',
              bulkUpdateId: null,
              entityType: 'APP',
              entityId: 'app-1',
              entityName: 'com.example.news',
              action: 'UPDATE',
              changes: [{ field: 'publisherName', from: 'Old', to: 'New' }],
            },
          ],
          total: 1,
          page: 0,
          size: 50,
        },
      });
    const { user, router } = renderApp({ path: DETAIL, api });
    expect(await screen.findByRole('heading', { name: 'com.example.news' })).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([REPORT.tab]);
    expect(await screen.findByText(SITE_REPORT_PERIOD)).toBeTruthy();
    const gdpr = screen.getByRole('region', { name: 'GDPR' });
    expect(within(gdpr).getByText('45.68%')).toBeTruthy();
    expect(within(gdpr).getByText('100')).toBeTruthy();
    // The change history is one button away, in a dialog over the report.
    await user.click(screen.getByRole('button', { name: HISTORY_TAB }));
    const dialog = await screen.findByRole('dialog', {
      name: `${HISTORY_TITLE}: com.example.news`,
    });
    expect(await within(dialog).findByText('publisherName')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/customization/v2/history');
    expect(new URLSearchParams(call?.search).get('entityType')).toBe('APP');
    expect(new URLSearchParams(call?.search).get('entityId')).toBe('app-1');
    await user.click(screen.getByRole('button', { name: EDIT }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/apps/edit/app-1`));
  });

  it("a failed load shows 'Something went wrong' and 'Back to Properties'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi().on('GET /customization/v2/app/app-1', apiError(404, 'NOT_FOUND', 'Gone'));
    const { user, router } = renderApp({ path: DETAIL, api });
    expect(await screen.findByText(REPORT_ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText(REPORT_ERROR_TEXT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: BACK_TO_PROPERTIES_BUTTON }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/properties`));
  });

  it('a failed report shows the same message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi()
      .on('GET /customization/v2/app/app-1', { body: storedApp() })
      .on(ANALYTICS, apiError(500, 'INTERNAL_ERROR', 'boom'));
    renderApp({ path: DETAIL, api });
    expect(await screen.findByText(REPORT_ERROR_TITLE)).toBeTruthy();
  });
});
