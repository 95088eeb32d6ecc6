import { QueryClientProvider } from '@tanstack/react-query';
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

/** The console: its services, the query cache, the global alerts and the router. */
export function App({ services, router }: { services: Services; router: DataRouter }) {
  return (
    <ErrorBoundary>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <AlertsProvider>
            <Suspense fallback={<Loading />}>
              <RouterProvider router={router} flushSync={flushRouterUpdate} />
            </Suspense>
          </AlertsProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </ErrorBoundary>
  );
}
