import {
  propertiesQuery,
  propertyIdentifier,
  propertyInitQuery,
  propertyQuery,
} from '@assent/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { APP_FORM_TITLES } from '../property-form/copy';
import {
  PropertyFormPending,
  PropertyLoadFailure,
  isNotFound,
} from '../property-form/PropertyLoadFailure';
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

  if (editing && isNotFound(app.error)) return <Navigate to={paths.properties(pCode)} replace />;
  if (editing && app.error) return <PropertyLoadFailure error={app.error} />;
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
