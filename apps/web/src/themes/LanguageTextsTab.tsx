import { LANGUAGE_NAMES, LanguageCode } from '@assent/core';
import type { LanguageCode as Language } from '@assent/core';
import {
  ADD_ONE,
  bannerControlTexts,
  CONSENT_OR_PAY_LAYOUT_LABELS,
  ConsentOrPayLayout,
  PRIVACY_BODY_FIXED_SEGMENTS,
  PRIVACY_BODY_INPUT,
  REMOVE_ONE,
  THEME_TAB_LABELS,
  canAddFooterLink,
  copAcceptTextEditable,
  copLoginLabelDisabled,
  defaultPrivacyBody,
  defaultPrivacyHeader,
  keepsFixedSegments,
} from '@assent/core/theme';
import type { LanguageTexts } from '@assent/core/theme';
import { FormGroup, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { TextField } from '../components/FormField';
import { CheckboxGroupField, FormCard, RadioField } from '../property-form/fields';
import { Button } from '@blueprintjs/core';
import { LANGUAGE_TAB_LABELS as L } from './copy';
import type { LanguageList, LanguageTextField } from './theme-form-state';
import { setTheme } from './theme-form-state';
import { TextChangeRequests } from './TextChangeRequests';
import type { ThemeFormApi } from './use-theme-form';

/**
 * The privacy body of one language: its four fixed segments (in double angle brackets) cannot be
 * edited, deleted or pasted over; text may be typed around them. Paste and the context menu are
 * blocked (core's PRIVACY_BODY_INPUT); an edit that would touch a segment is refused with a note.
 */
function PrivacyBodyField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (next: string) => void;
}) {
  const id = useId();
  const [refused, setRefused] = useState(false);
  const message = error ?? (refused ? PRIVACY_BODY_FIXED_SEGMENTS : undefined);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={message ? 'danger' : 'none'}
      helperText={message ? <span className="assent-error">{message}</span> : undefined}
    >
      <TextArea
        id={id}
        fill
        rows={6}
        value={value}
        aria-invalid={Boolean(error)}
        intent={message ? 'danger' : 'none'}
        onPaste={(e) => {
          if (!PRIVACY_BODY_INPUT.allowPaste) e.preventDefault();
        }}
        onDrop={(e) => e.preventDefault()}
        onContextMenu={(e) => {
          if (!PRIVACY_BODY_INPUT.allowContextMenu) e.preventDefault();
        }}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (keepsFixedSegments(value, next)) {
            setRefused(false);
            onChange(next);
          } else {
            // React puts the previous value back: the segments stay as they were.
            setRefused(true);
          }
        }}
      />
    </FormGroup>
  );
}

/** One language's fields of Advanced Customisation or Consent or Pay. */
function LanguagePanel({
  form,
  list,
  entry,
  index,
}: {
  form: ThemeFormApi;
  list: LanguageList;
  entry: LanguageTexts;
  index: number;
}) {
  const { values, dispatch, errorOf } = form;
  const variant = values.themeType === 'SITE' ? 'site' : 'app';
  const at = (field: string) => `${list}.${index}.${field}`;
  const text = (field: LanguageTextField, label: string, options: { disabled?: boolean } = {}) => (
    <TextField
      key={field}
      label={label}
      value={entry[field]}
      disabled={options.disabled ?? false}
      error={errorOf(at(field))}
      placeholder={placeholders[field]}
      onChange={(value) =>
        dispatch({ type: 'languageText', list, language: entry.language, field, value })
      }
    />
  );
  const links = entry.customFooterLink;
  // What the banner shows while a field is empty (the accept text of non-special accounts always).
  const placeholders: Partial<Record<LanguageTextField, string>> = {
    privacyHeader: defaultPrivacyHeader(entry.language),
    ...(list === 'consentOrPaySettings'
      ? {
          agreeButton:
            (entry.language === values.language && values.agreeButton) ||
            bannerControlTexts(entry.language).acceptAll,
        }
      : {}),
  };
  return (
    <div className="assent-language-panel">
      {list === 'advancedCustomizationSettings' ? (
        <>
          {text('agreeButton', L.agreeButton)}
          {text('secondaryButton', L.secondaryButton)}
          {text('disagreeButton', L.disagreeButton)}
        </>
      ) : (
        <>
          {text('agreeButton', L.acceptText, { disabled: !copAcceptTextEditable(form.pCode) })}
          {text('viewPreferencesLabel', L.viewPreferencesLabel)}
          {text('action1Label', L.action1Label)}
          {text('action2Label', L.action2Label, { disabled: copLoginLabelDisabled(values) })}
        </>
      )}
      {text('privacyHeader', L.privacyHeader)}
      <PrivacyBodyField
        label={L.privacyBody}
        value={entry.privacyBody || defaultPrivacyBody(entry.language, variant)}
        error={errorOf(at('privacyBody'))}
        onChange={(value) =>
          dispatch({
            type: 'languageText',
            list,
            language: entry.language,
            field: 'privacyBody',
            value,
          })
        }
      />
      {links.map((link, i) => (
        <div className="assent-link-row" key={i}>
          <TextField
            label={`${L.footerLinkLabel} ${i + 1}`}
            value={link.label}
            error={errorOf(at(`customFooterLink.${i}.label`))}
            onChange={(value) =>
              dispatch({
                type: 'languageLink',
                list,
                language: entry.language,
                index: i,
                part: 'label',
                value,
              })
            }
          />
          <TextField
            label={`${L.footerLinkUrl} ${i + 1}`}
            value={link.link}
            placeholder="https://"
            error={errorOf(at(`customFooterLink.${i}.link`))}
            onChange={(value) =>
              dispatch({
                type: 'languageLink',
                list,
                language: entry.language,
                index: i,
                part: 'link',
                value,
              })
            }
          />
          <Button
            variant="minimal"
            intent="danger"
            text={REMOVE_ONE}
            aria-label={`${REMOVE_ONE}: ${L.footerLinkLabel} ${i + 1}`}
            onClick={() =>
              dispatch({ type: 'languageLinkRemove', list, language: entry.language, index: i })
            }
          />
        </div>
      ))}
      {canAddFooterLink(links, 'languageEntry') ? (
        <Button
          variant="minimal"
          intent="primary"
          text={ADD_ONE}
          onClick={() => dispatch({ type: 'languageLinkAdd', list, language: entry.language })}
        />
      ) : null}
      <TextChangeRequests
        form={form}
        language={entry.language}
        customizationType={list === 'advancedCustomizationSettings' ? 'advanced' : 'CoP'}
      />
    </div>
  );
}

/** Advanced Customisation or Consent or Pay Settings: languages, then one tab per language. */
export function LanguageTextsTab({ form, list }: { form: ThemeFormApi; list: LanguageList }) {
  const { values, dispatch } = form;
  const entries = values[list];
  const [active, setActive] = useState<Language | undefined>(entries[0]?.language);
  const current = entries.find((e) => e.language === active) ?? entries[0];
  const title =
    list === 'advancedCustomizationSettings'
      ? THEME_TAB_LABELS.advanced
      : THEME_TAB_LABELS.consentOrPay;
  return (
    <FormCard title={title}>
      {list === 'consentOrPaySettings' ? (
        <RadioField
          label={L.layout}
          value={values.consentOrPayLayout}
          options={ConsentOrPayLayout.options.map((value) => ({
            value,
            label: CONSENT_OR_PAY_LAYOUT_LABELS[value],
          }))}
          onChange={(v) => dispatch(setTheme('consentOrPayLayout', v))}
        />
      ) : null}
      <CheckboxGroupField
        legend={L.languages}
        options={LanguageCode.options.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        selected={entries.map((e) => e.language)}
        onChange={(languages) => {
          dispatch({ type: 'languages', list, languages });
          const added = languages.find((l) => !entries.some((e) => e.language === l));
          if (added) setActive(added);
        }}
      />
      {entries.length === 0 ? (
        <p className="assent-muted">{L.noLanguages}</p>
      ) : (
        <Tabs
          id={`${list}-languages`}
          selectedTabId={current?.language}
          onChange={(id) => setActive(id as Language)}
          renderActiveTabPanelOnly
        >
          {entries.map((entry, index) => (
            <Tab
              key={entry.language}
              id={entry.language}
              title={LANGUAGE_NAMES[entry.language]}
              panel={<LanguagePanel form={form} list={list} entry={entry} index={index} />}
            />
          ))}
        </Tabs>
      )}
    </FormCard>
  );
}
