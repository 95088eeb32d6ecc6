import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { SomethingWentWrong } from '../components/StatusPages';

/** A route that failed to render or load: 'Something went wrong.' (logged with its error). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Assent: a page failed', error);
  }, [error]);
  return <SomethingWentWrong onRetry={() => window.location.reload()} />;
}
