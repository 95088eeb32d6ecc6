import { propertyLoadFailureView } from '@assent/core/property';
import { Callout } from '@blueprintjs/core';
import { paths } from '../app/paths';
import { errorMessage } from '../components/alerts';
import { BackLink } from '../components/BackLink';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { NotFoundPage, RestrictedPage } from '../components/StatusPages';

/** Whether a failed load means the property is not there (not found or a bad id). */
export const isNotFound = (error: unknown): boolean =>
  propertyLoadFailureView(error) === 'not-found';

/** Whether a failed load means the user may not see it (access denied). */
export const isDenied = (error: unknown): boolean =>
  propertyLoadFailureView(error) === 'restricted';

/** A property page that could not load: not found, access denied, or the server's message. */
export function PropertyLoadFailure({ error }: { error: unknown }) {
  if (isNotFound(error)) return <NotFoundPage />;
  if (isDenied(error)) return <RestrictedPage />;
  return (
    <Callout intent="danger" role="alert">
      {errorMessage(error)}
    </Callout>
  );
}

/**
 * A form page whose data is not there yet: its title and back link, then the loading indicator,
 * or the message of a failed load of the form's own data (access denied shows the restricted page).
 */
export function PropertyFormPending({
  title,
  pCode,
  error,
}: {
  title: string;
  pCode: string;
  error?: unknown;
}) {
  if (error && isDenied(error)) return <RestrictedPage />;
  return (
    <PageLayout
      title={title}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
    >
      {error ? (
        <Callout intent="danger" role="alert">
          {errorMessage(error)}
        </Callout>
      ) : (
        <Loading />
      )}
    </PageLayout>
  );
}
