import { BULK_UPDATE_STATUS_ERROR_TITLE } from '@assent/core/account';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../testing/fake-api';
import { renderApp } from '../testing/render';
import { STATUS } from './copy';
import { STATUS_PAGE, STATUS_ROUTE, bulkApi, job, statusBody } from './testing';

const refresh = () => screen.getByRole('button', { name: STATUS.refresh }) as HTMLButtonElement;

describe('bulk update status page', () => {
  it('shows a running job with its spinner, counts and Refresh', async () => {
    const api = bulkApi().on(STATUS_ROUTE, { body: statusBody(job()) });
    const { user } = renderApp({ path: STATUS_PAGE, api });
    expect((await screen.findByTestId('bulk-status')).textContent).toBe('RUNNING');
    expect(screen.getByLabelText('The bulk update is running')).toBeTruthy();
    expect(screen.getByText('nora@example.com')).toBeTruthy();
    expect(screen.getByText('15 Mar 2024, 11:58 UTC')).toBeTruthy();
    expect(screen.getByTestId('bulk-counts').textContent).toBe(
      'Updated: 1 of 3Failed: 0 of 3Pending: 2 of 3',
    );
    expect(refresh().disabled).toBe(false);

    api.on(STATUS_ROUTE, {
      body: statusBody(
        job({
          status: 'FAILED',
          done: true,
          successful: 2,
          pending: 0,
          failed: [
            { siteId: 3, identifier: 'amp.example.com', field: 'consentScope', message: 'AMP!' },
          ],
        }),
      ),
    });
    await user.click(refresh());
    await waitFor(() => expect(screen.getByTestId('bulk-status').textContent).toBe('COMPLETED'));
    expect(screen.queryByLabelText('The bulk update is running')).toBeNull();
    expect(refresh().disabled).toBe(true);
    const failures = within(screen.getByRole('table'));
    expect(failures.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'amp.example.com',
      'consentScope',
      'AMP!',
    ]);
    expect(screen.getByTestId('bulk-counts').textContent).toBe(
      'Updated: 2 of 3Failed: 1 of 3Pending: 0 of 3',
    );
  });

  it('shows COMPLETED for a successful job, and an empty state without any', async () => {
    const api = bulkApi().on(STATUS_ROUTE, {
      body: statusBody(job({ status: 'SUCCESSFUL', done: true, successful: 3, pending: 0 })),
    });
    const first = renderApp({ path: STATUS_PAGE, api });
    expect((await screen.findByTestId('bulk-status')).textContent).toBe('COMPLETED');
    first.unmount();
    renderApp({ path: STATUS_PAGE, api: bulkApi() });
    expect(await screen.findByText(STATUS.none)).toBeTruthy();
  });

  it("shows the status-error title with the server's message when the call fails", async () => {
    const api = bulkApi().on(STATUS_ROUTE, apiError(500, 'INTERNAL', 'The database is down'));
    renderApp({ path: STATUS_PAGE, api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BULK_UPDATE_STATUS_ERROR_TITLE);
    expect(alert.textContent).toContain('The database is down');
  });
});
