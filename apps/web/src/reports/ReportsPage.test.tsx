import {
  NO_PROPERTIES_SELECTED_TEXT,
  NO_PROPERTIES_SELECTED_TITLE,
  VIEW_ALL_REPORTS,
} from '@assent/core/reports';
import { buildReportJob, REPORT_PROPERTIES, REPORTS_PCODE } from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../testing/render';
import { ANALYTICS_TAB, DASHBOARD_TAB } from './ReportsPage';

const REPORTS = `/protect/p-${REPORTS_PCODE}/reports`;
const PROPERTIES = `GET /analytics/v1/pcode/${REPORTS_PCODE}/properties`;

const withProperties = () => fakeApi().on(PROPERTIES, { body: REPORT_PROPERTIES });

/** The urls shown as tags of the property multi-select. */
const selectedUrls = () =>
  Array.from(document.querySelectorAll('.assent-reports-properties .bp6-tag')).map(
    (tag) => tag.textContent,
  );

const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('reports page', () => {
  it('opens on the Dashboard tab with nothing selected: the empty state, image and both sentences', async () => {
    renderApp({ path: REPORTS, api: withProperties() });
    expect(await screen.findByText(NO_PROPERTIES_SELECTED_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_PROPERTIES_SELECTED_TEXT)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'An empty chart' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      DASHBOARD_TAB,
      ANALYTICS_TAB,
    ]);
    expect(selectedTab()).toBe(DASHBOARD_TAB);
    expect(selectedUrls()).toEqual([]);
  });

  it("'View All Reports' links to the on-demand list", async () => {
    renderApp({ path: REPORTS, api: withProperties() });
    const link = await screen.findByRole('link', { name: VIEW_ALL_REPORTS });
    expect(link.getAttribute('href')).toBe(`${REPORTS}/view-reports?report_type=on_demand`);
  });

  it("the route's id preselects that property", async () => {
    renderApp({ path: `${REPORTS}/site-3`, api: withProperties() });
    await waitFor(() => expect(selectedUrls()).toEqual(['shop.example.com']));
    expect(screen.queryByText(NO_PROPERTIES_SELECTED_TITLE)).toBeNull();
  });

  it('All selects every enabled property; a disabled property cannot be chosen', async () => {
    const { user } = renderApp({ path: REPORTS, api: withProperties() });
    await user.click(await screen.findByPlaceholderText('Select properties'));
    const list = await screen.findByRole('listbox');
    const old = within(list).getByRole('option', { name: 'old.example.com' });
    // Blueprint marks the option's link disabled (the list item carries only its role).
    expect(old.querySelector('[aria-disabled="true"]')).toBeTruthy();
    await user.click(within(old).getByText('old.example.com'));
    expect(selectedUrls()).toEqual([]);
    await user.click(within(screen.getByRole('listbox')).getByText('All'));
    await waitFor(() => expect(selectedUrls()).toEqual(['news.example.com', 'shop.example.com']));
    // Removing the last tag brings the empty state back.
    await user.keyboard('{Escape}');
    for (const url of ['news.example.com', 'shop.example.com']) {
      const tag = screen.getByText(url, { selector: '.bp6-tag .bp6-text-overflow-ellipsis' });
      await user.click(within(tag.closest('.bp6-tag') as HTMLElement).getByRole('button'));
    }
    expect(selectedUrls()).toEqual([]);
    expect(await screen.findByText(NO_PROPERTIES_SELECTED_TITLE)).toBeTruthy();
  });

  it("report_id opens the Analytics tab with the report's propertyId filter as the selection", async () => {
    const api = withProperties().on(`GET /analytics/v1/pcode/${REPORTS_PCODE}/job/job-1`, {
      body: buildReportJob({
        query: {
          ...buildReportJob().query,
          filters: [{ key: 'propertyId', operator: 'in', values: ['prop-3', 'site-2'] }],
        },
      }),
    });
    renderApp({ path: `${REPORTS}/site-1?report_id=job-1`, api });
    await waitFor(() => expect(selectedUrls()).toEqual(['shop.example.com']));
    expect(selectedTab()).toBe(ANALYTICS_TAB);
  });
});
