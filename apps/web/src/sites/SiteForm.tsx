import {
  ampOptionEnabled,
  identifierChanged,
  privacyPolicyLinkShown,
  propertyIdentifier,
  recordPropertyAdded,
  regulationsOf,
  siteSaveFailure,
  subdomainsAllowed,
  supportsFeature,
} from '@assent/core/property';
import type { PropertyValues } from '@assent/core/property';
import { CREATE_THEME_FROM_SITE, themeFromSitePath } from '@assent/core/theme';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClient, useConsoleStorage } from '../app/ServicesContext';
import { TextField } from '../components/FormField';
import { useUnsavedChangesGuard } from '../components/UnsavedChanges';
import type { PropertyFormApi, PropertyInitData } from '../property-form/context';
import { CARD_TITLES, LABELS, SITE_FORM_TITLES } from '../property-form/copy';
import { CheckboxField, FormCard } from '../property-form/fields';
import { set } from '../property-form/form-state';
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
import { GoogleBasicConsentCard } from '../property-form/GoogleBasicConsentCard';
import { PropertyFormDialogs } from '../property-form/PropertyFormDialogs';
import { PropertyFormLayout } from '../property-form/PropertyFormLayout';
import { MspaSettingsCard, UsConsentScopeCard } from '../property-form/UsCards';
import { usePropertyForm, usePropertySave } from '../property-form/use-property-form';
import { NoVendorsNotice } from '../vendors/NoVendorsNotice';
import { ConsentOrPayField } from './ConsentOrPayField';
import type { SiteFormStateAction } from './site-form-state';
import { siteFormReducer } from './site-form-state';

export interface SiteFormProps {
  pCode: string;
  init: PropertyInitData;
  initialValues: PropertyValues;
  /** The site's uuid when editing; a new site has none. */
  siteId?: string | undefined;
  /** False while the site has pending updates: Save stays disabled. */
  editable: boolean;
  /** The url and package ids of the account's other properties, once loaded. */
  identifiers: readonly string[] | undefined;
  /** Where CANCEL and a successful save go. */
  returnTo: string;
  intro?: ReactNode;
  /** A theme just created from this form (the theme editor's from-site return): chosen once. */
  chosenThemeId?: string | undefined;
}

/** Create a site / Edit a site. */
export function SiteForm({
  pCode,
  init,
  initialValues,
  siteId,
  editable,
  identifiers,
  returnTo,
  intro,
  chosenThemeId,
}: SiteFormProps) {
  const client = useClient();
  const storage = useConsoleStorage();
  const navigate = useNavigate();
  const { state, dispatch, api, issues, changed } = usePropertyForm({
    reducer: siteFormReducer,
    initialValues,
    init,
    isNew: !siteId,
    identifiers,
  });
  // Leaving with unsaved changes asks first (CANCEL too); a successful save leaves without asking.
  const guard = useUnsavedChangesGuard(changed);

  const chose = useRef(false);
  useEffect(() => {
    if (chose.current || !chosenThemeId) return;
    // The themes list may still be the cached one while the new theme is fetched.
    const theme = init.themes.find((t) => t.themeId === chosenThemeId);
    if (!theme) return;
    chose.current = true;
    if (state.values.themeId !== theme.themeId) {
      api.dispatch({ type: 'theme', themeId: theme.themeId, gvlVersion: theme.gvlVersion });
    }
  }, [chosenThemeId, init.themes, api, state.values.themeId]);

  const { save, pending } = usePropertySave({
    pCode,
    form: api,
    send: (body, values) =>
      siteId
        ? client.sites.update({
            params: { id: siteId },
            query: {
              pCode,
              urlChanged: identifierChanged(
                propertyIdentifier(state.initial),
                propertyIdentifier(values),
              ),
            },
            body,
          })
        : client.sites.create({ query: { pCode }, body }),
    failureOf: siteSaveFailure,
    what: 'site',
    onSaved: (property) => {
      // A new site: the list says to retrieve the universal tag next.
      if (!siteId) recordPropertyAdded(pCode, property.uuid, storage);
      guard.leaveWithoutAsking(() => navigate(returnTo));
    },
  });

  const { gdpr, us } = regulationsOf(state.values);
  const multiRegulation = supportsFeature(state.values.cmpVersion, 'consentLocations');
  return (
    <PropertyFormLayout
      title={siteId ? SITE_FORM_TITLES.edit : SITE_FORM_TITLES.new}
      pCode={pCode}
      values={state.values}
      changed={changed}
      pending={pending}
      editable={editable}
      failure={state.failure}
      showFixFields={state.showAllIssues && issues.length > 0}
      intro={
        <>
          {intro}
          {gdpr ? <NoVendorsNotice pCode={pCode} /> : null}
        </>
      }
      onSave={save}
      onCancel={() => navigate(returnTo)}
    >
      <SiteGeneralCard form={api} pCode={pCode} siteId={siteId} dispatch={dispatch} />
      {gdpr ? (
        <>
          <ConsentScopeCard form={api} />
          <ConsentConfigurationCard form={api} />
          <GoogleVendorsCard form={api} />
          {privacyPolicyLinkShown(state.values) ? <PrivacyPolicyCard form={api} /> : null}
        </>
      ) : null}
      <GoogleBasicConsentCard form={api} />
      {us ? (
        <>
          <UsConsentScopeCard form={api} />
          {multiRegulation ? <MspaSettingsCard form={api} /> : null}
        </>
      ) : null}
      <PropertyFormDialogs form={api} />
      {guard.prompt}
    </PropertyFormLayout>
  );
}

/**
 * General settings of a site: url, subdomains and AMP (mutually exclusive; subdomains only for a
 * bare domain), theme, publisher name, logo, CMP version, consent locations and regulations,
 * publisher country, Consent or Pay.
 */
function SiteGeneralCard({
  form,
  pCode,
  siteId,
  dispatch,
}: {
  form: PropertyFormApi;
  pCode: string;
  siteId: string | undefined;
  dispatch: (action: SiteFormStateAction) => void;
}) {
  const { values, errorOf } = form;
  return (
    <FormCard title={CARD_TITLES.general}>
      <TextField
        label={LABELS.url}
        required
        value={values.url ?? ''}
        placeholder="example.com"
        helperText={LABELS.urlHelp}
        error={errorOf('url')}
        onChange={(url) => dispatch({ type: 'url', url })}
      />
      <div className="assent-form-inline">
        <CheckboxField
          label={LABELS.applyToSubDomains}
          checked={values.applyToSubDomains}
          disabled={!subdomainsAllowed(values) && !values.applyToSubDomains}
          onChange={(checked) => dispatch({ type: 'applyToSubDomains', checked })}
        />
        <CheckboxField
          label={LABELS.ampEnabled}
          checked={values.ampEnabled}
          disabled={!ampOptionEnabled(values)}
          onChange={(checked) => dispatch({ type: 'ampEnabled', checked })}
        />
      </div>
      <ThemeField form={form} />
      <p>
        <Link to={themeFromSitePath(pCode, siteId)}>{CREATE_THEME_FROM_SITE}</Link>
      </p>
      <PublisherNameField form={form} label={LABELS.publisherName} />
      <LogoField form={form} />
      <CmpVersionField form={form} />
      <RegulationFields form={form} />
      <ConsentOrPayField form={form} pCode={pCode} dispatch={dispatch} />
    </FormCard>
  );
}

/** Google vendors (GDPR): Google's ad technology providers in the banner. */
function GoogleVendorsCard({ form }: { form: PropertyFormApi }) {
  const { values, dispatch } = form;
  return (
    <FormCard title={CARD_TITLES.googleVendors}>
      <CheckboxField
        label={LABELS.googleEnabled}
        checked={values.googleEnabled}
        onChange={(checked) => dispatch(set('googleEnabled', checked))}
      />
    </FormCard>
  );
}
