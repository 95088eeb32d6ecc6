import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { AlertsProvider } from '../components/alerts';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import type { Services } from './services';
import { ServicesProvider } from './ServicesContext';

/** The console: its services, the query cache, the global alerts and the router. */
export function App({ services, router }: { services: Services; router: DataRouter }) {
  return (
    <ErrorBoundary>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <AlertsProvider>
            <Suspense fallback={<Loading />}>
              <RouterProvider router={router} />
            </Suspense>
          </AlertsProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </ErrorBoundary>
  );
}
