import { BULK_UPDATE_POLL_INTERVAL_MS, BULK_UPDATE_POLL_MAX_ATTEMPTS } from '@assent/core/account';
import { BULK_UPDATE_BUTTON } from '@assent/core/property';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { ALERT, TABLE } from './copy';
import {
  FLOW,
  PROPERTIES_PAGE,
  STATUS_PAGE,
  STATUS_ROUTE,
  bulkApi,
  job,
  statusBody,
  waitForPath,
} from './testing';

const failedJob = job({
  status: 'FAILED',
  done: true,
  successful: 2,
  pending: 0,
  failed: [{ siteId: 3, identifier: 'site-03.example.com', field: '', message: 'Gone' }],
});
const statusCalls = (api: ReturnType<typeof bulkApi>) =>
  api.calls.filter((c) => c.path.endsWith('/bulk-update/status')).length;
/** Loads of the properties page's rows (the table's list). */
const listCalls = (api: ReturnType<typeof bulkApi>) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === '/customization/v2/site/rows').length;

describe("the properties list's bulk update alert", () => {
  afterEach(() => vi.useRealTimers());

  it('polls a running job every 10 s, at most 4 times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = bulkApi().on(STATUS_ROUTE, { body: statusBody(job()) });
    renderApp({ path: PROPERTIES_PAGE, api });
    const alert = await screen.findByTestId('bulk-update-alert');
    expect(alert.textContent).toContain(ALERT.running(1, 3));
    expect(within(alert).getByRole('link', { name: ALERT.viewStatus }).getAttribute('href')).toBe(
      STATUS_PAGE,
    );
    expect(statusCalls(api)).toBe(1);
    for (let poll = 1; poll <= BULK_UPDATE_POLL_MAX_ATTEMPTS + 2; poll += 1) {
      await act(() => vi.advanceTimersByTimeAsync(BULK_UPDATE_POLL_INTERVAL_MS));
    }
    // The first load, then four polls and no more.
    await waitFor(() => expect(statusCalls(api)).toBe(1 + BULK_UPDATE_POLL_MAX_ATTEMPTS));
  });

  it('shows the finished job until dismissed, and reloads the list when the job is seen to end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = bulkApi().on(STATUS_ROUTE, { body: statusBody(job()) });
    const { storage } = renderApp({ path: PROPERTIES_PAGE, api });
    await screen.findByTestId('bulk-update-alert');
    await screen.findByRole('table');
    const lists = listCalls(api);
    api.on(STATUS_ROUTE, { body: statusBody(failedJob) });
    await act(() => vi.advanceTimersByTimeAsync(BULK_UPDATE_POLL_INTERVAL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('bulk-update-alert').textContent).toContain(ALERT.failed(1, 3)),
    );
    await waitFor(() => expect(listCalls(api)).toBe(lists + 1));
    vi.useRealTimers();
    screen.getByRole('button', { name: ALERT.dismiss }).click();
    await waitFor(() => expect(screen.queryByTestId('bulk-update-alert')).toBeNull());
    expect(storage.keys()).toContain('assent.bulkUpdateAlertDismissed.AB12CD');
  });

  it('removes the success and error alerts on entering the bulk update flow', async () => {
    const api = bulkApi().on(STATUS_ROUTE, { body: statusBody(failedJob) });
    const { user, router } = renderApp({ path: PROPERTIES_PAGE, api });
    expect((await screen.findByTestId('bulk-update-alert')).textContent).toContain(
      ALERT.failed(1, 3),
    );
    await user.click(screen.getByRole('button', { name: BULK_UPDATE_BUTTON }));
    await waitForPath(router, FLOW);
    await screen.findByRole('table', { name: TABLE.label });
    await act(() => router.navigate(PROPERTIES_PAGE));
    await screen.findByRole('table');
    expect(screen.queryByTestId('bulk-update-alert')).toBeNull();
  });

  it('keeps the alert of a running job on entering the flow', async () => {
    const api = bulkApi().on(STATUS_ROUTE, { body: statusBody(job()) });
    const { router } = renderApp({ path: FLOW, api });
    await screen.findByRole('table', { name: TABLE.label });
    await act(() => router.navigate(PROPERTIES_PAGE));
    expect((await screen.findByTestId('bulk-update-alert')).textContent).toContain(
      ALERT.running(1, 3),
    );
  });
});
