import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@assent/core';
import { ALERT_AUTO_CLOSE_MS } from '@assent/core/account';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider, errorMessage, useAlerts } from './alerts';

function ShowButton({ message }: { message: string }) {
  const alerts = useAlerts();
  return <button onClick={() => alerts.show(message, 'success')}>show</button>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('global alerts', () => {
  it('close by themselves after 7 seconds', async () => {
    vi.useFakeTimers();
    render(
      <AlertsProvider>
        <ShowButton message="Saved." />
      </AlertsProvider>,
    );
    act(() => screen.getByText('show').click());
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByText('Saved.')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(ALERT_AUTO_CLOSE_MS - 500);
    });
    expect(screen.queryByText('Saved.')).toBeTruthy();
    // The toast closes at 7 s, then leaves with its exit transition.
    for (let i = 0; i < 10; i++) {
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
    }
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it("pass the server's message on, else the unknown-error message", () => {
    expect(
      errorMessage(new ApiError(409, { status: 'NOT_EDITABLE', message: 'Not able to delete' })),
    ).toBe('Not able to delete');
    expect(errorMessage(undefined)).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
