import { ApiError } from '@assent/core';
import { organisationsQuery, themeQuery } from '@assent/core/queries';
import {
  BACK_TO_THEMES,
  FROM_SITE_QUERY,
  ThemeSettings,
  defaultTheme,
  themePageView,
  themesPath,
} from '@assent/core/theme';
import type { ThemeType } from '@assent/core/theme';
import { Callout } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { BackLink } from '../components/BackLink';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { NotFoundPage, RestrictedPage } from '../components/StatusPages';
import { THEME_EDITOR_TITLES } from './copy';
import { ThemeForm } from './ThemeForm';
// The editor's styles: a page opened directly (a link, a reload) has not loaded the list's chunk.
import './themes.css';

const TYPES: Record<string, ThemeType> = { site: 'SITE', app: 'APP' };

/**
 * /themes/{site|app}/new and /themes/{site|app}/edit/{id} (core's `themePageView`): an invalid
 * action or type, edit without an id, or a 404 shows not found; a 401 or the default theme the
 * restricted page.
 */
export default function ThemeFormPage() {
  const { type, action, id } = useParams();
  const { pCode } = useAccount();
  const client = useClient();
  const [search] = useSearchParams();
  const themeType = type ? TYPES[type] : undefined;
  const first = themePageView({ action, ...(id ? { id } : {}) });
  const editing = first === 'form' && action === 'edit' && id !== undefined;
  const theme = useQuery({ ...themeQuery(client, pCode, id ?? ''), enabled: editing });
  const organisations = useQuery({ ...organisationsQuery(client), staleTime: 60_000 });
  const fetchStatus = theme.error instanceof ApiError ? theme.error.httpStatus : undefined;
  const view = themePageView({
    action,
    ...(id ? { id } : {}),
    ...(fetchStatus ? { fetchStatus } : {}),
  });
  const saved = useMemo(
    () => (theme.data ? ThemeSettings.parse(theme.data) : undefined),
    [theme.data],
  );
  const initialValues = useMemo(
    () => saved ?? (themeType ? defaultTheme(themeType) : undefined),
    [saved, themeType],
  );

  if (!themeType || view === 'not-found') return <NotFoundPage />;
  if (view === 'restricted' || fetchStatus === 403) return <RestrictedPage />;
  const title = THEME_EDITOR_TITLES[themeType][editing ? 'edit' : 'new'];
  if ((editing && !saved) || !organisations.data || !initialValues) {
    const error = theme.error ?? organisations.error;
    return (
      <PageLayout title={title} before={<BackLink to={themesPath(pCode)} text={BACK_TO_THEMES} />}>
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
  const premiumEligible =
    organisations.data.find((org) => org.pcode === pCode)?.premiumEligible ?? false;
  return (
    <ThemeForm
      key={id ?? `new-${themeType}`}
      pCode={pCode}
      initialValues={initialValues}
      saved={saved}
      themeId={editing ? id : undefined}
      premiumEligible={premiumEligible}
      fromSite={search.get(FROM_SITE_QUERY)}
    />
  );
}
