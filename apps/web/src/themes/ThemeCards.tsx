import { LANGUAGE_NAMES, LanguageCode } from '@assent/core';
import {
  ADD_ONE,
  AppColorKey,
  COLOR_INPUT_MAX_LENGTH,
  CSS_TEXTAREA_HEIGHT,
  DEFAULT_THEME_COLORS,
  FOOTER_LINK_LIMITS,
  INITIAL_SCREEN_LABELS,
  InitialScreen,
  PERSISTENT_LINK_LOCATION_LABELS,
  PRIVACY_POLICY_LINK_LABEL,
  PersistentConsentLinkLocation,
  REGULATION_OPTION_LABELS,
  REMOVE_ONE,
  SOFT_OPT_IN_NOTE,
  THEME_CARD_TITLES,
  THEME_COLOR_FIELDS,
  THEME_DISPLAY_UI_LABELS,
  THEME_MODE_LABELS,
  ThemeDisplayUi,
  ThemeMode,
  US_REGULATION_TOOLTIP,
  canAddFooterLink,
  isPrivacyPolicyLink,
  persistentLinkControlsDisabled,
  rejectButtonTextDisabled,
  summaryDisplayEnabled,
  ukGdprWarning,
  usLinkInputsDisabled,
} from '@assent/core/theme';
import type {
  AppThemeValues,
  FooterLinkContext,
  SiteThemeValues,
  ThemeColorField,
} from '@assent/core/theme';
import { PrivacyMode } from '@assent/core/property';
import {
  Button,
  Callout,
  Checkbox,
  Collapse,
  FormGroup,
  Spinner,
  TextArea,
  Tooltip,
} from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon, InfoSignIcon } from '@blueprintjs/icons';
import { Suspense, lazy, useId, useState } from 'react';
import { TextField } from '../components/FormField';
import { CheckboxField, FormCard, RadioField, SelectField } from '../property-form/fields';
import {
  APP_COLOR_LABELS,
  APP_MODE_PANEL_TITLES,
  THEME_COLOR_LABELS,
  THEME_FIELD_LABELS as L,
  US_PREVIEW_IMAGE_ALT,
} from './copy';
import { setTheme } from './theme-form-state';
import type { ThemeFormApi } from './use-theme-form';

// The rich-text editor (TipTap and ProseMirror) loads only when the US card shows.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const LANGUAGE_OPTIONS = LanguageCode.options.map((code) => ({
  value: code,
  label: LANGUAGE_NAMES[code],
}));

/**
 * The regulation checkboxes, the US option followed by its tooltip (an info icon that takes
 * focus; the checkbox keeps the option's label as its name).
 */
function RegulationsField({
  selected,
  error,
  onChange,
}: {
  selected: readonly PrivacyMode[];
  error: string | undefined;
  onChange: (modes: PrivacyMode[]) => void;
}) {
  const id = useId();
  return (
    <FormGroup intent={error ? 'danger' : 'none'}>
      <fieldset
        className="assent-fieldset"
        aria-describedby={error ? id : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend>{L.regulations}</legend>
        {PrivacyMode.options.map((mode) => (
          <span key={mode} className="assent-regulation-option">
            <Checkbox
              inline
              label={REGULATION_OPTION_LABELS[mode]}
              checked={selected.includes(mode)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                onChange(
                  PrivacyMode.options.filter((m) => (m === mode ? on : selected.includes(m))),
                );
              }}
            />
            {mode === 'USP' ? (
              <Tooltip content={US_REGULATION_TOOLTIP} placement="top">
                <span
                  tabIndex={0}
                  role="img"
                  aria-label={US_REGULATION_TOOLTIP}
                  className="assent-tooltip-anchor"
                >
                  <InfoSignIcon size={14} />
                </span>
              </Tooltip>
            ) : null}
          </span>
        ))}
      </fieldset>
      {error ? (
        <div id={id} className="bp6-form-helper-text assent-error">
          {error}
        </div>
      ) : null}
    </FormGroup>
  );
}

/** 1. Configure your theme: name and regulations. */
export function ConfigureCard({ form }: { form: ThemeFormApi }) {
  const { values, dispatch, errorOf } = form;
  return (
    <FormCard title={THEME_CARD_TITLES.configure}>
      <TextField
        label={L.themeName}
        required
        value={values.themeName}
        error={errorOf('themeName')}
        onChange={(v) => dispatch(setTheme('themeName', v))}
      />
      <RegulationsField
        selected={values.privacyModes}
        error={errorOf('privacyModes')}
        onChange={(modes) => dispatch(setTheme('privacyModes', modes))}
      />
    </FormCard>
  );
}

/** A '#'-prefixed colour input with a swatch of the colour in force. */
function ColorField({
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  value: string;
  /** The colour used while the field is empty. */
  fallback?: string;
  error: string | undefined;
  onChange: (raw: string) => void;
}) {
  const shown = value || fallback || 'transparent';
  return (
    <TextField
      label={label}
      value={value}
      placeholder={fallback}
      error={error}
      onChange={onChange}
      inputProps={{
        maxLength: COLOR_INPUT_MAX_LENGTH,
        leftElement: (
          <span className="assent-swatch" style={{ background: shown }} aria-hidden="true" />
        ),
      }}
    />
  );
}

/** Footer links: the first is the privacy policy; Add one / Remove one up to the limit. */
function FooterLinksField({
  form,
  context,
}: {
  form: ThemeFormApi;
  context: Extract<FooterLinkContext, 'site' | 'app'>;
}) {
  const { values, dispatch, errorOf } = form;
  const links = values.uxInitialScreenCustomLinks;
  const rows = links.length ? links : [{ text: '', url: '' }];
  return (
    <fieldset className="assent-fieldset assent-footer-links">
      <legend>
        {L.footerLinks} ({FOOTER_LINK_LIMITS[context]})
      </legend>
      {rows.map((link, index) => {
        const name = isPrivacyPolicyLink(index)
          ? PRIVACY_POLICY_LINK_LABEL
          : `${L.footerLinks} ${index + 1}`;
        return (
          <div className="assent-link-row" key={index} role="group" aria-label={name}>
            <TextField
              label={`${name}: ${L.footerLinkText}`}
              value={link.text}
              error={errorOf(`uxInitialScreenCustomLinks.${index}.text`)}
              onChange={(value) => dispatch({ type: 'footerLink', index, part: 'text', value })}
            />
            <TextField
              label={`${name}: ${L.footerLinkUrl}`}
              value={link.url}
              placeholder="https://"
              error={errorOf(`uxInitialScreenCustomLinks.${index}.url`)}
              onChange={(value) => dispatch({ type: 'footerLink', index, part: 'url', value })}
            />
            {index > 0 ? (
              <Button
                variant="minimal"
                intent="danger"
                text={REMOVE_ONE}
                onClick={() => dispatch({ type: 'footerLinkRemove', index })}
              />
            ) : null}
          </div>
        );
      })}
      {errorOf('uxInitialScreenCustomLinks') ? (
        <div className="bp6-form-helper-text assent-error">
          {errorOf('uxInitialScreenCustomLinks')}
        </div>
      ) : null}
      {canAddFooterLink(rows, context) ? (
        <Button
          variant="minimal"
          intent="primary"
          text={ADD_ONE}
          onClick={() => {
            // The privacy policy row shows even before it holds anything: add after it.
            if (!links.length) dispatch({ type: 'footerLinkAdd', context });
            dispatch({ type: 'footerLinkAdd', context });
          }}
        />
      ) : null}
    </fieldset>
  );
}

/** 2. Do Not Sell My Data (MSPA/CCPA v2) screen. */
export function DoNotSellCard({ form }: { form: ThemeFormApi }) {
  const { values, dispatch, errorOf } = form;
  const linksOff = usLinkInputsDisabled(values);
  const pairs = [
    ['uspDeleteDataLinkText', 'uspDeleteDataLink'],
    ['uspAccessDataLinkText', 'uspAccessDataLink'],
    ['uspPrivacyPolicyLinkText', 'uspPrivacyPolicyLink'],
  ] as const;
  const bodyId = useId();
  return (
    <FormCard title={`${THEME_CARD_TITLES.doNotSell} (MSPA/CCPA v2)`}>
      <div className="assent-us-card">
        <div>
          <TextField
            label={L.uspDnsTitleText}
            value={values.uspDnsTitleText}
            error={errorOf('uspDnsTitleText')}
            onChange={(v) => dispatch(setTheme('uspDnsTitleText', v))}
          />
          <FormGroup
            label={L.uspDnsText}
            labelFor={bodyId}
            intent={errorOf('uspDnsText') ? 'danger' : 'none'}
            helperText={errorOf('uspDnsText')}
          >
            <Suspense fallback={<Spinner size={20} aria-label="Loading the editor" />}>
              <RichTextEditor
                id={bodyId}
                label={L.uspDnsText}
                value={values.uspDnsText}
                invalid={Boolean(errorOf('uspDnsText'))}
                onChange={(html) => dispatch(setTheme('uspDnsText', html))}
              />
            </Suspense>
          </FormGroup>
          <CheckboxField
            label={L.suppressCcpaLinks}
            checked={values.suppressCcpaLinks}
            onChange={(checked) => dispatch(setTheme('suppressCcpaLinks', checked))}
          />
          {pairs.map(([text, url]) => (
            <div className="assent-link-row" key={text}>
              <TextField
                label={L[text]}
                value={values[text]}
                disabled={linksOff}
                error={linksOff ? undefined : errorOf(text)}
                onChange={(v) => dispatch(setTheme(text, v))}
              />
              <TextField
                label={L[url]}
                value={values[url]}
                placeholder="https://"
                disabled={linksOff}
                error={linksOff ? undefined : errorOf(url)}
                onChange={(v) => dispatch(setTheme(url, v))}
              />
            </div>
          ))}
        </div>
        <DoNotSellPreviewImage title={values.uspDnsTitleText} />
      </div>
    </FormCard>
  );
}

/** The preview image of the US screen: a sketch of where the headline, body and links go. */
function DoNotSellPreviewImage({ title }: { title: string }) {
  return (
    <figure className="assent-us-preview">
      <svg viewBox="0 0 200 140" role="img" aria-label={US_PREVIEW_IMAGE_ALT}>
        <rect x="1" y="1" width="198" height="138" rx="6" fill="#fff" stroke="#c5cbd3" />
        <text x="12" y="24" fontSize="11" fontWeight="bold" fill="#141E23">
          {(title || 'Do Not Sell My Data').slice(0, 30)}
        </text>
        {[40, 52, 64, 76].map((y) => (
          <rect
            key={y}
            x="12"
            y={y}
            width={y === 76 ? 110 : 176}
            height="6"
            rx="3"
            fill="#dde1e6"
          />
        ))}
        {[96, 108, 120].map((y) => (
          <rect key={y} x="12" y={y} width="80" height="5" rx="2.5" fill="#206DC5" />
        ))}
        <rect x="130" y="110" width="58" height="18" rx="4" fill="#206DC5" />
      </svg>
    </figure>
  );
}

/** 3. Customize Persistent Consent Link (site, GDPR). */
export function PersistentLinkCard({
  form,
  values,
}: {
  form: ThemeFormApi;
  values: SiteThemeValues;
}) {
  const { dispatch, errorOf } = form;
  const locked = persistentLinkControlsDisabled(values);
  return (
    <FormCard title={THEME_CARD_TITLES.persistentLink}>
      <CheckboxField
        label={L.uxSoftOptIns}
        checked={values.uxSoftOptIns}
        helperText={SOFT_OPT_IN_NOTE}
        onChange={(on) => dispatch({ type: 'softOptIn', on })}
      />
      <CheckboxField
        label={L.uxPersistentConsentButton}
        checked={values.uxPersistentConsentButton}
        disabled={locked}
        onChange={(checked) => dispatch(setTheme('uxPersistentConsentButton', checked))}
      />
      <TextField
        label={L.consentLinkLabel}
        value={values.consentLinkLabel}
        disabled={locked}
        error={errorOf('consentLinkLabel')}
        onChange={(v) => dispatch(setTheme('consentLinkLabel', v))}
      />
      <SelectField
        label={L.uxPersistentConsentLinkLocation}
        value={values.uxPersistentConsentLinkLocation}
        options={PersistentConsentLinkLocation.options.map((value) => ({
          value,
          label: PERSISTENT_LINK_LOCATION_LABELS[value],
        }))}
        onChange={(v) => dispatch(setTheme('uxPersistentConsentLinkLocation', v))}
      />
    </FormCard>
  );
}

/** Reject and close buttons with the reject text, and the UK GDPR warning when Reject is off. */
function RejectButtonFields({ form, withClose }: { form: ThemeFormApi; withClose: boolean }) {
  const { values, dispatch, errorOf } = form;
  const warning = ukGdprWarning(values);
  return (
    <>
      <div className="assent-form-inline">
        <CheckboxField
          label={withClose ? L.initScreenRejectButtonShowing : L.showDisagree}
          checked={values.initScreenRejectButtonShowing}
          onChange={(checked) => dispatch(setTheme('initScreenRejectButtonShowing', checked))}
        />
        {withClose && values.themeType === 'SITE' ? (
          <CheckboxField
            label={L.initScreenCloseButtonShowing}
            checked={values.initScreenCloseButtonShowing}
            onChange={(checked) => dispatch(setTheme('initScreenCloseButtonShowing', checked))}
          />
        ) : null}
      </div>
      {warning ? (
        <Callout intent="warning" compact role="status" className="assent-inline-callout">
          {warning}
        </Callout>
      ) : null}
      <TextField
        label={withClose ? L.initScreenRejectButton : L.disagreeText}
        value={values.initScreenRejectButton}
        disabled={rejectButtonTextDisabled(values)}
        error={errorOf('initScreenRejectButton')}
        onChange={(v) => dispatch(setTheme('initScreenRejectButton', v))}
      />
    </>
  );
}

/** 4. Customize UI (site, GDPR). */
export function CustomizeUiCard({ form, values }: { form: ThemeFormApi; values: SiteThemeValues }) {
  const { dispatch, errorOf } = form;
  const [cssOpen, setCssOpen] = useState(values.uxCustomizedCss !== '');
  const cssError = errorOf('uxCustomizedCss');
  const cssId = useId();
  return (
    <FormCard title={THEME_CARD_TITLES.customizeUi}>
      <SelectField
        label={L.language}
        value={values.language}
        options={LANGUAGE_OPTIONS}
        onChange={(v) => dispatch(setTheme('language', v))}
      />
      <RadioField
        label={L.initialScreen}
        value={values.initialScreen}
        options={InitialScreen.options.map((value) => ({
          value,
          label: INITIAL_SCREEN_LABELS[value],
        }))}
        onChange={(v) => dispatch(setTheme('initialScreen', v))}
      />
      <RadioField
        label={L.displayUi}
        value={values.displayUi}
        disabled={!summaryDisplayEnabled(values)}
        options={ThemeDisplayUi.options.map((value) => ({
          value,
          label: THEME_DISPLAY_UI_LABELS[value],
        }))}
        onChange={(v) => dispatch(setTheme('displayUi', v))}
      />
      <div className="assent-form-inline">
        <TextField
          label={L.agreeButton}
          value={values.agreeButton}
          error={errorOf('agreeButton')}
          onChange={(v) => dispatch(setTheme('agreeButton', v))}
        />
        <TextField
          label={L.saveAndExitButton}
          value={values.saveAndExitButton}
          error={errorOf('saveAndExitButton')}
          onChange={(v) => dispatch(setTheme('saveAndExitButton', v))}
        />
      </div>
      <fieldset className="assent-fieldset">
        <legend>{L.colors}</legend>
        <div className="assent-color-grid">
          {THEME_COLOR_FIELDS.map((field: ThemeColorField) => (
            <ColorField
              key={field}
              label={THEME_COLOR_LABELS[field]}
              value={values[field]}
              fallback={DEFAULT_THEME_COLORS[field]}
              error={errorOf(field)}
              onChange={(raw) => dispatch({ type: 'color', field, raw })}
            />
          ))}
        </div>
      </fieldset>
      <RejectButtonFields form={form} withClose />
      <FooterLinksField form={form} context="site" />
      <Button
        variant="minimal"
        icon={cssOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
        text={L.uxCustomizedCss}
        aria-expanded={cssOpen}
        aria-controls={cssId}
        onClick={() => setCssOpen((open) => !open)}
      />
      <Collapse isOpen={cssOpen || cssError !== undefined} keepChildrenMounted>
        {/* The toggle above is the visible heading; the textarea keeps the name for assistive tech. */}
        <FormGroup
          intent={cssError !== undefined ? 'danger' : 'none'}
          helperText={cssError || undefined}
          className={cssError !== undefined ? 'assent-error-group' : undefined}
        >
          <TextArea
            id={cssId}
            aria-label={L.uxCustomizedCss}
            fill
            spellCheck={false}
            className="assent-css-textarea"
            style={{ minHeight: CSS_TEXTAREA_HEIGHT.min, maxHeight: CSS_TEXTAREA_HEIGHT.max }}
            intent={cssError !== undefined ? 'danger' : 'none'}
            aria-invalid={cssError !== undefined}
            value={values.uxCustomizedCss}
            onChange={(e) => dispatch(setTheme('uxCustomizedCss', e.currentTarget.value))}
          />
        </FormGroup>
      </Collapse>
    </FormCard>
  );
}

/** 6. UI settings (app variant). */
export function AppUiSettingsCard({
  form,
  values,
}: {
  form: ThemeFormApi;
  values: AppThemeValues;
}) {
  const { dispatch, errorOf } = form;
  const modes =
    values.themeMode === 'LIGHT'
      ? (['lightModeColors'] as const)
      : values.themeMode === 'DARK'
        ? (['darkModeColors'] as const)
        : (['lightModeColors', 'darkModeColors'] as const);
  return (
    <FormCard title={THEME_CARD_TITLES.appUiSettings}>
      <SelectField
        label={L.language}
        value={values.language}
        options={LANGUAGE_OPTIONS}
        onChange={(v) => dispatch(setTheme('language', v))}
      />
      <RejectButtonFields form={form} withClose={false} />
      <CheckboxField
        label={L.customColorUsingPortal}
        checked={values.customColorUsingPortal}
        onChange={(checked) => dispatch(setTheme('customColorUsingPortal', checked))}
      />
      {values.customColorUsingPortal ? (
        <>
          <RadioField
            label={L.themeMode}
            value={values.themeMode}
            options={ThemeMode.options.map((value) => ({
              value,
              label: THEME_MODE_LABELS[value],
            }))}
            onChange={(v) => dispatch(setTheme('themeMode', v))}
          />
          <div className="assent-app-color-panels">
            {modes.map((mode) => (
              <fieldset key={mode} className="assent-fieldset">
                <legend>{APP_MODE_PANEL_TITLES[mode]}</legend>
                <div className="assent-color-grid">
                  {AppColorKey.options.map((key) => (
                    <ColorField
                      key={key}
                      label={`${APP_MODE_PANEL_TITLES[mode]}: ${APP_COLOR_LABELS[key]}`}
                      value={values[mode][key]}
                      error={errorOf(`${mode}.${key}`)}
                      onChange={(raw) => dispatch({ type: 'appColor', mode, key, raw })}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </>
      ) : null}
      <FooterLinksField form={form} context="app" />
    </FormCard>
  );
}
