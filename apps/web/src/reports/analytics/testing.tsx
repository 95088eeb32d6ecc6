import { createMemoryConsoleStorage } from '@assent/core/account';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createServices } from '../../app/services';
import { ServicesProvider } from '../../app/ServicesContext';
import { AlertsProvider } from '../../components/alerts';
import type { FakeApi } from '../../testing/fake-api';

/**
 * Renders one reports component with the console's services over a fake API, at a path (its links
 * resolve there) and a fixed clock: the component tests of the builder and the report list.
 */
export function renderReportsView(
  ui: ReactNode,
  options: { api: FakeApi; now: Date; path?: string; preloadPlot?: () => void },
) {
  const services = createServices({
    fetch: options.api.fetch,
    storage: createMemoryConsoleStorage(),
    now: () => options.now,
    preloadPlot: options.preloadPlot,
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const view = render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <AlertsProvider>
          <RouterProvider router={router} />
        </AlertsProvider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { ...view, router, services, user: userEvent.setup() };
}
