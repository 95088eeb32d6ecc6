import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { AlertsProvider } from '../components/alerts';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import type { Services } from './services';
import { ServicesProvider } from './ServicesContext';

/** Lets a navigation ask to be committed at once (`flushSync: true`), as Logout does. */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

/** The router of a browser (or a test's memory router). */
export function ClientRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} flushSync={flushRouterUpdate} />;
}

/**
 * The console: its services, the query cache, the global alerts and the router (`children`: the
 * browser's RouterProvider, or the server render's StaticRouterProvider, entry-server.tsx).
 */
export function App({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ErrorBoundary>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <AlertsProvider>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </AlertsProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </ErrorBoundary>
  );
}
