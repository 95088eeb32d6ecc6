import { PAGE_NOT_FOUND, RESTRICTED_ACCESS } from '@assent/core';
import { buildOrganisation } from '@assent/core/testing';
import { SITE_REPORT_PERIOD } from '@assent/core/property';
import {
  AB_TEST_NO_WINNER,
  abTestReport,
  PREMIUM_REPORTS_LOCKED,
  ZERO_VISIT_COUNTS,
} from '@assent/core/reports';
import type { PropertyAnalyticsReport, VisitCounts } from '@assent/core/reports';
import { screen, waitFor, within } from '@testing-library/react';
import {
  PREMIUM_BANNER_BUTTON,
  REPORT_ERROR_TEXT,
  REPORT_ERROR_TITLE,
} from '@assent/core/property';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDIT, LABELS, REPORT, SAVE_PROPERTY } from '../property-form/copy';
import { ACCOUNT, PCODE, storedSite, withFormRoutes } from '../property-form/testing';
import { gdprAnalytics } from '../testing/builders';
import { apiError } from '../testing/fake-api';
import { fakeApi, renderApp } from '../testing/render';
import { HISTORY_TAB } from '../history/copy';
import { AB_COPY } from './AbTestingPanel';

const DETAIL = `${ACCOUNT}/sites/detail/site-1`;
const ANALYTICS = `POST /analytics/v1/properties/pcode/${PCODE}`;

const siteApi = () =>
  withFormRoutes(fakeApi())
    .on('GET /customization/v2/site/site-1', { body: storedSite() })
    .on(ANALYTICS, { body: { 'site-1': gdprAnalytics(45.678) } });

afterEach(() => {
  vi.restoreAllMocks();
});

/** A report section as the server answers it: 200 shown, 120 accept, 30 reject, 10 partial. */
const section = (over: Partial<PropertyAnalyticsReport> = {}): PropertyAnalyticsReport => ({
  prefix: null,
  startDate: '2024-02-14',
  endDate: '2024-03-14',
  totalShown: 200,
  consentRatePercentage: 65,
  cookiesConsentRatePercentage: 60,
  bounceRatePercentage: 20,
  acceptAll: 120,
  rejectAll: 30,
  partialAll: 10,
  acceptedRatePercentage: 60,
  rejectedRatePercentage: 15,
  partialRatePercentage: 5,
  doNotSellRequestReceived: null,
  doNotSellRequestFulfilled: null,
  medianTimeFulfillmentMillis: null,
  idProperty: 'site-1',
  ...over,
});

/** The rows of a report section's table, as 'label: value'. */
const rowsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .slice(1)
    .map(
      (row) => `${row.querySelector('th')?.textContent}: ${row.querySelector('td')?.textContent}`,
    );

describe('site detail', () => {
  it('shows every regulation of the analytics (1 GDPR, 2 CCPA, 10 GBC, 3 US states; null state = national) with counts and one-decimal rates', async () => {
    const us = {
      doNotSellRequestReceived: 30,
      doNotSellRequestFulfilled: 30,
      medianTimeFulfillmentMillis: 0,
    };
    const api = withFormRoutes(fakeApi())
      .on('GET /customization/v2/site/site-1', { body: storedSite() })
      .on(ANALYTICS, {
        body: {
          'site-1': {
            '3': [
              { ...section({ ...us, totalShown: 40 }), state: null },
              { ...section({ ...us, totalShown: 10 }), state: 'ca' },
            ],
            '10': section({ totalShown: 7, consentRatePercentage: 100 / 3 }),
            '2': section(us),
            '1': section(),
          },
        },
      });
    renderApp({ path: DETAIL, api });
    expect(await screen.findByText(SITE_REPORT_PERIOD)).toBeTruthy();
    expect(screen.getByText('2024-02-14 – 2024-03-14')).toBeTruthy();
    expect(
      screen
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label'))
        .filter(Boolean),
    ).toEqual(['GDPR', 'CCPA', 'Google basic consent', 'US States: National', 'US States: CA']);
    expect(rowsOf('GDPR')).toEqual([
      'Banners shown: 200',
      'Consent rate: 65.0%',
      'Accepted all: 120 (60.0%)',
      'Rejected all: 30 (15.0%)',
      'Partial consent: 10 (5.0%)',
      'Bounce rate: 20.0%',
      'Cookies consent rate: 60.0%',
    ]);
    expect(rowsOf('CCPA')).toContain('Do-not-sell requests received: 30');
    expect(rowsOf('Google basic consent').slice(0, 2)).toEqual([
      'Banners shown: 7',
      'Consent rate: 33.3%',
    ]);
    expect(rowsOf('US States: National')[0]).toBe('Banners shown: 40');
    expect(rowsOf('US States: CA')[0]).toBe('Banners shown: 10');
  });

  it("a failed analytics call shows 'Something went wrong' with the spec's text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = withFormRoutes(fakeApi())
      .on('GET /customization/v2/site/site-1', { body: storedSite() })
      .on(ANALYTICS, apiError(500, 'INTERNAL_ERROR', 'boom'));
    renderApp({ path: DETAIL, api });
    expect(await screen.findByText(REPORT_ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText(REPORT_ERROR_TEXT)).toBeTruthy();
    expect(REPORT_ERROR_TITLE).toBe('Something went wrong');
    expect(REPORT_ERROR_TEXT).toBe(
      'This was an error in pulling data for this page. Please try again or contact your representative.',
    );
    expect(screen.getByRole('heading', { name: 'news.example.com' })).toBeTruthy();
  });

  it("shows the site's report for the last 30 days; no A/B tab; History is a button, not a tab", async () => {
    const api = siteApi();
    renderApp({ path: DETAIL, api });
    expect(await screen.findByRole('heading', { name: 'news.example.com' })).toBeTruthy();
    expect(await screen.findByText(SITE_REPORT_PERIOD)).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([REPORT.tab]);
    expect(screen.getByRole('button', { name: HISTORY_TAB })).toBeTruthy();
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

  describe('A/B Testing tab', () => {
    const AB = `POST /analytics/v1/ab-test/pcode/${PCODE}`;
    const shown = (acceptAll: number, rejectAll: number): VisitCounts => ({
      ...ZERO_VISIT_COUNTS,
      traffic: acceptAll + rejectAll,
      shown: acceptAll + rejectAll,
      acceptAll,
      rejectAll,
    });
    const abSite = () =>
      ({
        ...storedSite(),
        abTestingSitesCollection: [
          { name: 'A', themeId: 'theme-a', traffic: 50 },
          { name: 'B', themeId: 'theme-b', traffic: 50 },
        ],
      }) as ReturnType<typeof storedSite>;
    const GDPR_THEME = { privacyModes: ['GDPR'], regulation: 'GDPR', gvlVersion: 3 };
    const abApi = (report: unknown) =>
      withFormRoutes(fakeApi())
        .on('GET /customization/v2/site/site-1', { body: abSite() })
        .on(ANALYTICS, { body: { 'site-1': gdprAnalytics(45.678) } })
        .on('GET /customization/v2/theme', {
          body: [
            { themeId: 'theme-a', themeName: 'Classic', themeType: 'SITE', ...GDPR_THEME },
            { themeId: 'theme-b', themeName: 'Bold', themeType: 'SITE', ...GDPR_THEME },
          ],
        })
        .on(AB, { body: report });

    it('a site with A/B collections shows the tab; it follows the URL and shows per-variant metrics, differences, significance and the winner', async () => {
      // 50 % against 90 % opt-in of 20 shown each (the server test's case): B wins, p = 0.006.
      const api = abApi(
        abTestReport([
          { variant: 'A', counts: shown(10, 10) },
          { variant: 'B', counts: shown(18, 2) },
        ]),
      );
      const { user, router } = renderApp({ path: DETAIL, api });
      await screen.findByText(SITE_REPORT_PERIOD);
      expect(
        within(screen.getByRole('main'))
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual([REPORT.tab, REPORT.abTab]);
      await user.click(screen.getByRole('tab', { name: REPORT.abTab }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${DETAIL}/ab-testing`));
      const status = await screen.findByRole('status', { name: AB_COPY.verdict });
      expect(within(status).getByText('Winner: B')).toBeTruthy();
      expect(status.textContent).toContain(
        "B wins: its opt-in rate (90.00%) is significantly higher than the control A's (50.00%), p = 0.006.",
      );
      const table = screen.getByRole('table', { name: AB_COPY.table });
      const header = () =>
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent);
      // The theme names come with the account's themes.
      await waitFor(() =>
        expect(header()).toEqual([
          REPORT.metric,
          'A (control)Classic · 50% of traffic',
          'BBold · 50% of traffic',
        ]),
      );
      const row = (name: string) =>
        Array.from(within(table).getByRole('rowheader', { name }).parentElement!.children).map(
          (c) => c.textContent,
        );
      expect(row('Display Count')).toEqual(['Display Count', '20', '20±0 vs A']);
      expect(row('Opt-in %')).toEqual([
        'Opt-in %',
        '50.00%',
        '90.00%+40.00 pp vs ASignificant (p = 0.006)',
      ]);
      expect(row('Opt-out %')).toEqual([
        'Opt-out %',
        '50.00%',
        '10.00%−40.00 pp vs ASignificant (p = 0.006)',
      ]);
      // Back to the reports: the URL follows.
      await user.click(screen.getByRole('tab', { name: REPORT.tab }));
      await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL));
      const call = api.calls.find((c) => c.path.includes('/ab-test/'));
      expect(call?.body).toEqual({
        propertyId: 'site-1',
        startDate: '2024-02-14',
        endDate: '2024-03-14',
      });
    });

    it('says there is no winner while nothing is significant', async () => {
      const api = abApi(
        abTestReport([
          { variant: 'A', counts: shown(50, 50) },
          { variant: 'B', counts: shown(53, 47) },
        ]),
      );
      renderApp({ path: `${DETAIL}/ab-testing`, api });
      const status = await screen.findByRole('status', { name: AB_COPY.verdict });
      expect(within(status).getByText(AB_COPY.noWinner)).toBeTruthy();
      expect(status.textContent).toContain(AB_TEST_NO_WINNER);
      expect(
        within(screen.getByRole('table', { name: AB_COPY.table })).getByRole('rowheader', {
          name: 'Opt-in %',
        }).parentElement!.textContent,
      ).toContain('Not significant (p = 0.671)');
    });

    it("a failed A/B report shows 'Something went wrong'", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const api = abApi(null).on(AB, apiError(500, 'INTERNAL_ERROR', 'boom'));
      renderApp({ path: `${DETAIL}/ab-testing`, api });
      expect(await screen.findByText(REPORT_ERROR_TITLE)).toBeTruthy();
      expect(screen.getByText(REPORT_ERROR_TEXT)).toBeTruthy();
    });
  });

  describe('premium reports (/sites/reports/{id})', () => {
    const PREMIUM = `${ACCOUNT}/sites/reports/site-1`;
    const GRAPH = `POST /analytics/v1/graph/pcode/${PCODE}`;
    const metrics = (sessions: number, optIn: number) => ({
      totalSessions: sessions,
      optInPercent: optIn,
      optOutPercent: 100 - optIn,
      partialOptInPercent: 0,
      bouncePercent: 0,
    });
    const premiumApi = () =>
      siteApi().on(GRAPH, {
        body: [
          {
            id: 'daily',
            results: [
              { period: '2024-03-13', ...metrics(4, 75) },
              { period: '2024-03-14', ...metrics(2, 50) },
            ],
          },
          { id: 'deviceType', results: [{ deviceType: 'pc', ...metrics(6, 66.667) }] },
          { id: 'pageFormat', results: [] },
          { id: 'country', results: [{ country: 'FR', ...metrics(6, 66.667) }] },
        ],
      });

    it('a premium-eligible account sees the card and the site day by day, by device, page format and country', async () => {
      const api = premiumApi();
      renderApp({
        path: PREMIUM,
        api,
        organisations: [buildOrganisation({ pcode: PCODE, premiumEligible: true })],
      });
      expect(await screen.findByText(SITE_REPORT_PERIOD)).toBeTruthy();
      expect(screen.getByRole('tab', { name: REPORT.premiumTitle })).toBeTruthy();
      const daily = await screen.findByRole('region', { name: 'Day by day' });
      expect(
        within(daily)
          .getAllByRole('row')
          .map((r) => Array.from(r.children).map((c) => c.textContent)),
      ).toEqual([
        ['Period', 'Display Count', 'Opt-in %', 'Opt-out %', 'Partial Opt-in %', 'Bounce %'],
        ['2024-03-13', '4', '75.00%', '25.00%', '0.00%', '0.00%'],
        ['2024-03-14', '2', '50.00%', '50.00%', '0.00%', '0.00%'],
      ]);
      const device = screen.getByRole('region', { name: 'By device type' });
      expect(within(device).getByRole('rowheader').textContent).toBe('Desktop');
      expect(within(device).getByText('66.67%')).toBeTruthy();
      expect(
        within(screen.getByRole('region', { name: 'By page format' })).getByText(
          'No Data Available',
        ),
      ).toBeTruthy();
      // Countries by name, as the dashboard's country table (core's reportValueName).
      expect(
        within(screen.getByRole('region', { name: 'By country' })).getByRole('rowheader')
          .textContent,
      ).toBe('France');
      const call = api.calls.find((c) => c.path.includes('/graph/'));
      expect(call?.body).toMatchObject({
        filters: [
          { key: 'startDate', operator: 'gteq', values: ['2024-02-14'] },
          { key: 'endDate', operator: 'lteq', values: ['2024-03-14'] },
          { key: 'propertyId', operator: 'in', values: ['site-1'] },
        ],
      });
    });

    it('another account is offered CMP Premium and asks for no premium data', async () => {
      const api = premiumApi();
      const { user, router } = renderApp({ path: PREMIUM, api });
      expect(await screen.findByText(PREMIUM_REPORTS_LOCKED)).toBeTruthy();
      expect(api.calls.some((c) => c.path.includes('/graph/'))).toBe(false);
      await user.click(screen.getByRole('button', { name: PREMIUM_BANNER_BUTTON }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNT}/monetisation`));
    });

    it("a failed premium call shows 'Something went wrong'", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const api = siteApi().on(GRAPH, apiError(500, 'INTERNAL_ERROR', 'boom'));
      renderApp({
        path: PREMIUM,
        api,
        organisations: [buildOrganisation({ pcode: PCODE, premiumEligible: true })],
      });
      expect(await screen.findByText(REPORT_ERROR_TITLE)).toBeTruthy();
    });
  });
});
