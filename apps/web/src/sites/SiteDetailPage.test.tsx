import { PAGE_NOT_FOUND, RESTRICTED_ACCESS } from '@assent/core';
import { SITE_REPORT_PERIOD } from '@assent/core/property';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDIT, LABELS, REPORT, SAVE_PROPERTY } from '../property-form/copy';
import { ACCOUNT, PCODE, storedSite, withFormRoutes } from '../property-form/testing';
import { gdprAnalytics } from '../testing/builders';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { HISTORY_TAB } from '../history/copy';

const DETAIL = `${ACCOUNT}/sites/detail/site-1`;
const ANALYTICS = `POST /analytics/v1/properties/pcode/${PCODE}`;

const siteApi = () =>
  withFormRoutes(fakeApi())
    .on('GET /customization/v2/site/site-1', { body: storedSite() })
    .on(ANALYTICS, { body: { 'site-1': gdprAnalytics(45.678) } });

describe('site detail', () => {
  it("shows the site's report for the last 30 days; no A/B tab; History beside it", async () => {
    const api = siteApi();
    renderApp({ path: DETAIL, api });
    expect(await screen.findByRole('heading', { name: 'news.example.com' })).toBeTruthy();
    expect(await screen.findByText(SITE_REPORT_PERIOD)).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([REPORT.tab, HISTORY_TAB]);
    expect(within(screen.getByRole('region', { name: 'GDPR' })).getByText('45.7%')).toBeTruthy();
    const call = api.calls.find((c) => c.path.startsWith('/analytics'));
    expect(call?.body).toEqual({
      propertyIds: ['site-1'],
      startDate: '2024-02-14',
      endDate: '2024-03-14',
    });
  });

  it('edit from the detail returns to the detail after saving', async () => {
    const api = siteApi().on('PUT /customization/v2/site/site-1', ({ body }) => ({
      body: storedSite(body as object),
    }));
    const { user, router } = renderApp({ path: DETAIL, api });
    await user.click(await screen.findByRole('button', { name: EDIT }));
    await screen.findByRole('form', { name: 'Edit a site' });
    expect(router.state.location.pathname).toBe(`${DETAIL}/edit`);
    await user.type(screen.getByLabelText(new RegExp(`^${LABELS.publisherName}`)), '!');
    await user.click(screen.getByRole('button', { name: SAVE_PROPERTY }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL));
  });

  it('the A/B Testing page of a site without A/B tests leads back to the detail', async () => {
    const { router } = renderApp({ path: `${DETAIL}/ab-testing`, api: siteApi() });
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL));
  });

  it('an unknown page, a 404 or a 400 is not found; a 401 is access denied', async () => {
    const first = renderApp({ path: `${DETAIL}/settings`, api: siteApi() });
    expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
    first.unmount();
    for (const status of [404, 400]) {
      const api = fakeApi().on(
        'GET /customization/v2/site/site-1',
        apiError(status, 'NOT_FOUND', 'No'),
      );
      const view = renderApp({ path: DETAIL, api });
      expect(await screen.findByText(PAGE_NOT_FOUND)).toBeTruthy();
      view.unmount();
    }
    const api = fakeApi().on(
      'GET /customization/v2/site/site-1',
      apiError(401, 'UNAUTHORIZED', 'No'),
    );
    renderApp({ path: DETAIL, api });
    expect(await screen.findByText(RESTRICTED_ACCESS)).toBeTruthy();
  });
});
