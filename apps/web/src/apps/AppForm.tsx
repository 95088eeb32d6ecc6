import { APP_ERROR_CLEAR_MS } from '@assent/core/account';
import {
  appSaveFailure,
  privacyPolicyLinkShown,
  regulationsOf,
  supportsFeature,
} from '@assent/core/property';
import type { PropertyValues } from '@assent/core/property';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { TextField } from '../components/FormField';
import { useUnsavedChangesGuard } from '../components/UnsavedChanges';
import type { PropertyFormApi, PropertyInitData } from '../property-form/context';
import { APP_FORM_TITLES, CARD_TITLES, LABELS } from '../property-form/copy';
import { FormCard } from '../property-form/fields';
import { propertyFormReducer, set } from '../property-form/form-state';
import {
  CmpVersionField,
  LogoField,
  PublisherNameField,
  RegulationFields,
  ThemeField,
} from '../property-form/GeneralFields';
import {
  ConsentConfigurationCard,
  ConsentScopeCard,
  PrivacyPolicyCard,
} from '../property-form/GdprCards';
import { PropertyFormDialogs } from '../property-form/PropertyFormDialogs';
import { PropertyFormLayout } from '../property-form/PropertyFormLayout';
import { MspaSettingsCard, UsConsentScopeCard } from '../property-form/UsCards';
import { usePropertyForm, usePropertySave } from '../property-form/use-property-form';

export interface AppFormProps {
  pCode: string;
  init: PropertyInitData;
  initialValues: PropertyValues;
  /** The app's uuid when editing. */
  appId?: string | undefined;
  editable: boolean;
  identifiers: readonly string[] | undefined;
}

/** Create New App / Edit an App. */
export function AppForm({
  pCode,
  init,
  initialValues,
  appId,
  editable,
  identifiers,
}: AppFormProps) {
  const client = useClient();
  const navigate = useNavigate();
  const { state, dispatch, api, issues, changed } = usePropertyForm({
    reducer: propertyFormReducer,
    initialValues,
    init,
    isNew: !appId,
    identifiers,
  });
  // Leaving with unsaved changes asks first (CANCEL too); a successful save leaves without asking.
  const guard = useUnsavedChangesGuard(changed);

  // App errors clear by themselves after 5 seconds.
  useEffect(() => {
    if (!state.failure) return;
    const timer = setTimeout(() => dispatch({ type: 'failureCleared' }), APP_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [state.failure, dispatch]);

  const { save, pending } = usePropertySave({
    pCode,
    form: api,
    send: (body) =>
      appId
        ? client.apps.update({ params: { id: appId }, query: { pCode }, body })
        : client.apps.create({ query: { pCode }, body }),
    failureOf: appSaveFailure,
    what: 'app',
    onSaved: () => guard.leaveWithoutAsking(() => navigate(paths.properties(pCode))),
  });

  const { gdpr, us } = regulationsOf(state.values);
  return (
    <PropertyFormLayout
      title={appId ? APP_FORM_TITLES.edit : APP_FORM_TITLES.new}
      pCode={pCode}
      values={state.values}
      changed={changed}
      pending={pending}
      editable={editable}
      failure={state.failure}
      showFixFields={state.showAllIssues && issues.length > 0}
      onSave={save}
      onCancel={() => navigate(paths.properties(pCode))}
    >
      <AppGeneralCard form={api} />
      {gdpr ? (
        <>
          <ConsentScopeCard form={api} />
          <ConsentConfigurationCard form={api} />
          {privacyPolicyLinkShown(state.values) ? <PrivacyPolicyCard form={api} /> : null}
        </>
      ) : null}
      {us ? (
        <>
          <UsConsentScopeCard form={api} />
          {supportsFeature(state.values.cmpVersion, 'consentLocations') ? (
            <MspaSettingsCard form={api} />
          ) : null}
        </>
      ) : null}
      <PropertyFormDialogs form={api} />
      {guard.prompt}
    </PropertyFormLayout>
  );
}

/** General settings of an app: package id, app name, logo, theme, CMP version (fixed), regulations. */
function AppGeneralCard({ form }: { form: PropertyFormApi }) {
  const { values, dispatch, errorOf } = form;
  return (
    <FormCard title={CARD_TITLES.general}>
      <TextField
        label={LABELS.packageId}
        required
        value={values.packageId ?? ''}
        placeholder="com.example.app"
        helperText={LABELS.packageIdHelp}
        error={errorOf('packageId')}
        onChange={(value) => dispatch(set('packageId', value))}
      />
      <PublisherNameField form={form} label={LABELS.appName} />
      <LogoField form={form} />
      <ThemeField form={form} />
      <CmpVersionField form={form} disabled />
      <RegulationFields form={form} />
    </FormCard>
  );
}
