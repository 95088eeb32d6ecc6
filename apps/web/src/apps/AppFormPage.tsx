import { appFetchView } from '@assent/core/property';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { APP_FORM_TITLES } from '../property-form/copy';
import { PropertyFormPending, PropertyLoadFailure } from '../property-form/PropertyLoadFailure';
import { usePropertyFormData } from '../property-form/use-property-form-data';
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
  const editing = action === 'edit';
  const { init, property: app, identifiers } = usePropertyFormData(pCode, 'APP', id, editing);
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
