import {
  appFetchView,
  propertiesQuery,
  propertyIdentifier,
  propertyInitQuery,
  propertyKeys,
  propertyQuery,
} from '@assent/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { APP_FORM_TITLES } from '../property-form/copy';
import { PropertyFormPending, PropertyLoadFailure } from '../property-form/PropertyLoadFailure';
import { useClearEmptyCurrentItemOnLeave } from '../property-form/use-clear-on-leave';
import { formValuesOf } from '../property-form/use-property-form';
import { AppForm } from './AppForm';

export interface AppFormPageProps {
  action: 'new' | 'edit';
  /** The app's uuid when editing. */
  id?: string | undefined;
}

/**
 * Create New App (/apps/new) and Edit an App (/apps/edit/{id}). A new app takes the first CMP
 * version fetched; an app that is not there sends the user back to the properties list.
 */
export default function AppFormPage({ action, id }: AppFormPageProps) {
  const { pCode } = useAccount();
  const client = useClient();
  const editing = action === 'edit';
  const init = useQuery(propertyInitQuery(client, pCode, 'APP'));
  const properties = useQuery(propertiesQuery(client, pCode));
  const app = useQuery({
    ...propertyQuery(client, { pCode, id: id ?? '', propertyType: 'APP' }),
    enabled: editing && Boolean(id),
  });
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id ?? ''), editing && Boolean(id));
  const identifiers = useMemo(
    () => properties.data?.filter((p) => p.uuid !== id).map(propertyIdentifier),
    [properties.data, id],
  );
  const initialValues = useMemo(() => {
    if (editing) return app.data ? formValuesOf(app.data) : undefined;
    if (!init.data) return undefined;
    const first = init.data.cmpVersions[0]?.version ?? init.data.defaults.cmpVersion;
    return { ...init.data.defaults, cmpVersion: first };
  }, [editing, app.data, init.data]);

  // An app fetch that brings no app (empty, 404 or 400) goes back to the properties list.
  const fetched = editing ? appFetchView(pCode, app) : null;
  if (fetched?.kind === 'redirect') return <Navigate to={fetched.to} replace />;
  if (fetched?.kind === 'failed') return <PropertyLoadFailure error={app.error} />;
  if (!init.data || !initialValues) {
    const title = editing ? APP_FORM_TITLES.edit : APP_FORM_TITLES.new;
    return <PropertyFormPending title={title} pCode={pCode} error={init.error} />;
  }
  return (
    <AppForm
      key={id ?? 'new'}
      pCode={pCode}
      init={init.data}
      initialValues={initialValues}
      appId={editing ? id : undefined}
      editable={app.data?.editable ?? true}
      identifiers={identifiers}
    />
  );
}
