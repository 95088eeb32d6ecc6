import {
  DELETE_REPORT_CONFIRMATION,
  DELETE_REPORT_TITLE,
  NEXT_RUN_PAUSED,
  REPORT_DELETED,
  REPORT_PAUSED,
  REPORT_RESUMED,
  REPORT_UPDATED,
  VIEW_REPORTS_DASHBOARD,
} from '@assent/core/reports';
import type { ReportJob } from '@assent/core/reports';
import {
  buildReportJob,
  buildScheduledReportJob,
  REPORTS_NOW,
  REPORTS_PCODE,
} from '@assent/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../testing/fake-api';
import { renderReportsView } from '../analytics/testing';
import { SavedReports } from './SavedReports';

const PCODE = REPORTS_PCODE;
const jobsPath = `GET /analytics/v1/pcode/${PCODE}/jobs`;
const listPath = `/protect/p-${PCODE}/reports/view-reports`;

const onDemand: ReportJob[] = [
  buildReportJob({ id: '1', name: 'Weekly consent', status: 'COMPLETED', fileUrl: '/files/1.csv' }),
  buildReportJob({ id: '2', name: 'Country split', status: 'PENDING', size: null, fileUrl: null }),
  buildReportJob({ id: '3', name: 'Device split', status: 'RUNNING', fileUrl: null }),
  buildReportJob({ id: '4', name: 'Broken', status: 'FAILED', fileUrl: null }),
];
const scheduled: ReportJob[] = [
  buildScheduledReportJob({
    id: '10',
    name: 'Daily consent',
    status: 'ACTIVE',
    nextRunAt: '2024-05-21T09:00:00.000Z',
  }),
  buildScheduledReportJob({
    id: '11',
    name: 'Paused one',
    status: 'PAUSED',
    active: false,
    nextRunAt: null,
  }),
];

function setup(search = '') {
  const lists: Record<string, ReportJob[]> = {
    on_demand: [...onDemand],
    scheduled: [...scheduled],
  };
  const api = createFakeApi().on(jobsPath, ({ url }) => ({
    body: lists[url.searchParams.get('type') ?? ''] ?? [],
  }));
  const view = renderReportsView(<SavedReports pCode={PCODE} />, {
    api,
    now: REPORTS_NOW,
    path: `${listPath}${search}`,
  });
  return { ...view, api, lists };
}

const table = (name: string) => screen.findByRole('table', { name });
const names = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('the saved reports list', () => {
  it('lists on-demand reports by default; the toggle shows scheduled ones and updates the query', async () => {
    const { user, router, api } = setup();
    const list = await table('On-demand Reports');
    expect(names(list)).toEqual(['Weekly consent', 'Country split', 'Device split', 'Broken']);
    expect(api.calls.at(-1)?.search).toBe('?type=on_demand');
    expect(screen.getByRole('link', { name: VIEW_REPORTS_DASHBOARD }).getAttribute('href')).toBe(
      `/protect/p-${PCODE}/reports`,
    );

    await user.click(screen.getByRole('radio', { name: 'Scheduled Reports' }));
    expect(names(await table('Scheduled Reports'))).toEqual(['Daily consent', 'Paused one']);
    expect(router.state.location.search).toBe('?report_type=scheduled');
    expect(api.calls.at(-1)?.search).toBe('?type=scheduled');
  });

  it('opens on the scheduled list when the query says so, and searches by name', async () => {
    const { user } = setup('?report_type=scheduled');
    const list = await table('Scheduled Reports');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), ' PAUSED ');
    expect(names(list)).toEqual(['Paused one']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nothing');
    expect(within(list).getByText('No reports found')).toBeTruthy();
  });

  it("links each name to the builder with report_id, and tags statuses in the spec's colours", async () => {
    setup();
    const list = await table('On-demand Reports');
    expect(within(list).getByRole('link', { name: 'Weekly consent' }).getAttribute('href')).toBe(
      `/protect/p-${PCODE}/reports?report_id=1`,
    );
    const colour = (status: string) =>
      within(list).getByText(status).closest('[data-color]')?.getAttribute('data-color');
    expect(colour('COMPLETED')).toBe('green');
    expect(colour('PENDING')).toBe('orange');
    expect(colour('RUNNING')).toBe('blue');
    expect(colour('FAILED')).toBe('red');
    // Only a finished report's file can be downloaded.
    expect(
      within(list).getByRole('button', { name: 'Download Weekly consent' }).getAttribute('href'),
    ).toBe('/files/1.csv');
    expect(within(list).queryByRole('button', { name: 'Download Country split' })).toBeNull();
  });

  it('pauses an active scheduled report and resumes a paused one', async () => {
    const { user, api, lists } = setup('?report_type=scheduled');
    api.on(`PATCH /analytics/v1/pcode/${PCODE}/job/10`, ({ url }) => {
      lists.scheduled = lists.scheduled!.map((j) =>
        j.id === '10' ? { ...j, status: 'PAUSED', active: false, nextRunAt: null } : j,
      );
      return {
        body: {
          message: url.searchParams.get('active') === 'false' ? REPORT_PAUSED : REPORT_RESUMED,
        },
      };
    });
    api.on(`PATCH /analytics/v1/pcode/${PCODE}/job/11`, { body: { message: REPORT_RESUMED } });
    const list = await table('Scheduled Reports');
    // ACTIVE shows '-' (the spec colours run statuses only); Edit always, Pause when active.
    const daily = within(list).getByRole('link', { name: 'Daily consent' }).closest('tr')!;
    expect(within(daily).getByText('-', { selector: 'span' })).toBeTruthy();
    expect(
      within(daily)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Pause']);
    const paused = within(list).getByRole('link', { name: 'Paused one' }).closest('tr')!;
    expect(
      within(paused)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Resume']);
    // The status column shows '-' for both (the spec's "anything else"); the next-run column says
    // which one is paused.
    const nextRun = (row: HTMLElement) => row.querySelectorAll('td')[7]?.textContent;
    expect(nextRun(daily)).toBe('21 May 2024, 09:00 UTC');
    expect(nextRun(paused)).toBe(NEXT_RUN_PAUSED);

    await user.click(within(daily).getByRole('button', { name: 'Pause Daily consent' }));
    expect(await screen.findByText(REPORT_UPDATED)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.search).toBe('?active=false');
    await waitFor(() =>
      expect(
        within(daily)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Edit', 'Resume']),
    );
    expect(nextRun(daily)).toBe(NEXT_RUN_PAUSED);
    await user.click(within(paused).getByRole('button', { name: 'Resume Paused one' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.search).toBe('?active=true'),
    );
  });

  it('edits a scheduled report in the builder', async () => {
    const { user, router } = setup('?report_type=scheduled');
    await table('Scheduled Reports');
    await user.click(screen.getByRole('button', { name: 'Edit Daily consent' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/protect/p-${PCODE}/reports?report_id=10`,
    );
  });

  it('deletes an on-demand report after confirmation', async () => {
    const { user, api, lists } = setup();
    api.on(`DELETE /analytics/v1/pcode/${PCODE}/job/2`, () => {
      lists.on_demand = lists.on_demand!.filter((j) => j.id !== '2');
      return { body: { message: REPORT_DELETED } };
    });
    const list = await table('On-demand Reports');
    await user.click(within(list).getByRole('button', { name: 'Delete Country split' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_REPORT_TITLE });
    expect(within(dialog).getByText(DELETE_REPORT_CONFIRMATION)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Delete Country split' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DELETE_REPORT_TITLE })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText(REPORT_DELETED)).toBeTruthy();
    await waitFor(() => expect(names(list)).toEqual(['Weekly consent', 'Device split', 'Broken']));
  });
});
