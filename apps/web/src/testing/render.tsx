import { createMemoryConsoleStorage } from '@assent/core/account';
import type { AccountUser, Organisation } from '@assent/core/account';
import { buildAccountUser, buildOrganisation } from '@assent/core/testing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App, ClientRouter } from '../app/App';
import { prefetchForLocation } from '../app/prefetch';
import { appRoutes } from '../app/routes';
import type { Services } from '../app/services';
import { createServices } from '../app/services';
import type { FakeApi } from './fake-api';
import { apiError, createFakeApi } from './fake-api';

/** A fixed clock for tests (the core builders' instant). */
export const TEST_NOW = new Date('2024-03-15T12:00:00.000Z');

export interface RenderAppOptions {
  path: string;
  api?: FakeApi;
  /** Signed in as this user (GET /auth/me); `null` for nobody. @default a user with one account */
  user?: AccountUser | null;
  organisations?: Organisation[];
  now?: Date;
  storage?: Record<string, string>;
  /** Starts the page's calls at start-up first, as `main` does in the browser (`prefetchForLocation`). */
  prefetch?: boolean;
}

/** Renders the whole console at a path over a fake API, as a user would meet it. */
export function renderApp(options: RenderAppOptions) {
  const api = options.api ?? createFakeApi();
  const user = options.user === undefined ? buildAccountUser() : options.user;
  // Defaults every page needs; tests register their own routes after (later ones win).
  api
    .onDefault(
      'GET /auth/me',
      user ? { body: user } : apiError(401, 'UNAUTHORIZED', 'Please sign in'),
    )
    .onDefault('GET /auth/organisations', {
      body:
        options.organisations ?? // Terms not accepted: the pricing promotion stays away unless a test asks for it.
        (user?.pcodes ?? []).map((pcode) =>
          buildOrganisation({ pcode, sspTosAccepted: false, cmpTosAccepted: false }),
        ),
    })
    .onDefault('GET /customization/announcements', { body: [] })
    .onDefault('GET /healthz', { body: { status: 'ok' } })
    .onDefault('GET /customization/v2/audit-log/status', { body: [] })
    .onDefault('GET /customization/v2/bulk-update/status', {
      body: {
        code: 'NO_BULK_UPDATE',
        message: 'There has been no bulk update on this account.',
        job: null,
      },
    });
  for (const pcode of user?.pcodes ?? []) {
    api
      .onDefault(`GET /customization/${pcode}/survey`, { body: { filled: true } })
      .onDefault(`GET /customization/cop-banner-event/${pcode}`, { body: [] })
      .onDefault(`POST /analytics/v1/properties/pcode/${pcode}`, { body: {} });
  }
  const storage = createMemoryConsoleStorage(options.storage);
  const services: Services = createServices({
    fetch: api.fetch,
    storage,
    now: () => options.now ?? TEST_NOW,
  });
  if (options.prefetch)
    void prefetchForLocation(new URL(options.path, 'http://localhost'), services);
  const router = createMemoryRouter(appRoutes, { initialEntries: [options.path] });
  const ui = render(
    <App services={services}>
      <ClientRouter router={router} />
    </App>,
  );
  return { ...ui, api, router, services, storage, user: userEvent.setup() };
}

/** A fake API for `renderApp`; the routes a test registers win over the defaults. */
export const fakeApi = createFakeApi;
