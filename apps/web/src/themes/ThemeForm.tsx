import {
  BACK_TO_THEMES,
  NEW_TAG,
  PREVIEW_GDPR_MODE,
  SAVE_THEME,
  THEME_TABS_TAGGED_NEW,
  THEME_TAB_LABELS,
  previewAvailable,
  themeRegulations,
  themeSaveEnabled,
  themeTabAfterChange,
  themesPath,
  visibleThemeCards,
  visibleThemeTabs,
} from '@assent/core/theme';
import type { ThemeValues } from '@assent/core/theme';
import { Button, Callout, DialogBody, Tab, Tabs, Tag } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { BackLink } from '../components/BackLink';
import { Dialog } from '../components/Dialog';
import { PageLayout } from '../components/PageLayout';
import { ChangeHistory } from '../history/ChangeHistory';
import { HISTORY_TAB, HISTORY_TITLE } from '../history/copy';
import { FIX_THEME_FIELDS, SAVE_PENDING, THEME_EDITOR_TITLES } from './copy';
import { LanguageTextsTab } from './LanguageTextsTab';
import { PreviewDialog } from './PreviewDialog';
import { PurposeScreenCard } from './PurposeScreenCard';
import {
  AppUiSettingsCard,
  ConfigureCard,
  CustomizeUiCard,
  DoNotSellCard,
  PersistentLinkCard,
} from './ThemeCards';
import { useThemeForm } from './use-theme-form';
import type { ThemeFormApi } from './use-theme-form';

interface ThemeFormProps {
  pCode: string;
  initialValues: ThemeValues;
  /** The stored theme when editing. */
  saved?: ThemeValues | undefined;
  themeId?: string | undefined;
  premiumEligible: boolean;
  /** Opened from the site form (`from-site`, '' or the site id): a save returns to that form. */
  fromSite: string | null;
}

/** The Basic tab: the cards core says the theme shows. */
function BasicTab({ form }: { form: ThemeFormApi }) {
  const { values } = form;
  return (
    <>
      {visibleThemeCards(values).map((card) => {
        switch (card) {
          case 'configure':
            return <ConfigureCard key={card} form={form} />;
          case 'doNotSell':
            return <DoNotSellCard key={card} form={form} />;
          case 'persistentLink':
            return values.themeType === 'SITE' ? (
              <PersistentLinkCard key={card} form={form} values={values} />
            ) : null;
          case 'customizeUi':
            return values.themeType === 'SITE' ? (
              <CustomizeUiCard key={card} form={form} values={values} />
            ) : null;
          case 'appUiSettings':
            return values.themeType === 'APP' ? (
              <AppUiSettingsCard key={card} form={form} values={values} />
            ) : null;
          case 'purposeScreen':
            return <PurposeScreenCard key={card} form={form} />;
        }
      })}
    </>
  );
}

/**
 * The theme editor: header (Back to themes, History of a saved theme, PREVIEW GDPR MODE, SAVE
 * THEME), tabs and cards; History opens the theme's change history in a dialog.
 */
export function ThemeForm({
  pCode,
  initialValues,
  saved,
  themeId,
  premiumEligible,
  fromSite,
}: ThemeFormProps) {
  const { api, save, pending, changed } = useThemeForm({
    pCode,
    initialValues,
    saved,
    themeId,
    premiumEligible,
    fromSite,
  });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { values, state, dispatch } = api;
  const { gdpr } = themeRegulations(values);
  const tabs = visibleThemeTabs(gdpr, premiumEligible);
  // Turning GDPR off returns to Basic.
  const tab = themeTabAfterChange(state.tab, gdpr, premiumEligible);
  const title = THEME_EDITOR_TITLES[values.themeType][themeId ? 'edit' : 'new'];
  return (
    <PageLayout
      title={title}
      before={<BackLink to={themesPath(pCode)} text={BACK_TO_THEMES} />}
      actions={
        <>
          {themeId ? (
            <Button
              icon={<HistoryIcon />}
              text={HISTORY_TAB}
              onClick={() => setHistoryOpen(true)}
            />
          ) : null}
          {previewAvailable(values.themeType) ? (
            <Button text={PREVIEW_GDPR_MODE} onClick={() => setPreviewOpen(true)} />
          ) : null}
          <Button
            intent="primary"
            text={pending ? SAVE_PENDING : SAVE_THEME}
            disabled={!themeSaveEnabled(changed, pending)}
            onClick={save}
          />
        </>
      }
    >
      <div className="assent-form-callouts">
        {state.failure ? (
          <Callout intent="danger" role="alert">
            {state.failure.message}
          </Callout>
        ) : null}
        {state.showAllIssues && api.issues.length > 0 ? (
          <Callout intent="danger" role="alert">
            {FIX_THEME_FIELDS}
          </Callout>
        ) : null}
      </div>
      <form
        className="assent-theme-form assent-property-form"
        aria-label={title}
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        {tabs.length > 1 ? (
          <Tabs
            id="theme-tabs"
            selectedTabId={tab}
            onChange={(next) => dispatch({ type: 'tab', tab: next as typeof tab })}
            renderActiveTabPanelOnly
            large
          >
            {tabs.map((id) => (
              <Tab
                key={id}
                id={id}
                title={
                  <>
                    {THEME_TAB_LABELS[id]}
                    {THEME_TABS_TAGGED_NEW.includes(id) ? (
                      <Tag minimal intent="success" className="assent-new-tag">
                        {NEW_TAG}
                      </Tag>
                    ) : null}
                  </>
                }
                panel={
                  id === 'basic' ? (
                    <BasicTab form={api} />
                  ) : (
                    <LanguageTextsTab
                      form={api}
                      list={
                        id === 'advanced' ? 'advancedCustomizationSettings' : 'consentOrPaySettings'
                      }
                    />
                  )
                }
              />
            ))}
          </Tabs>
        ) : (
          <BasicTab form={api} />
        )}
      </form>
      {themeId && historyOpen ? (
        <Dialog
          isOpen
          onClose={() => setHistoryOpen(false)}
          title={`${HISTORY_TITLE}: ${saved?.themeName ?? values.themeName}`}
          className="assent-history-dialog"
        >
          <DialogBody>
            <ChangeHistory pCode={pCode} entityType="THEME" entityId={themeId} />
          </DialogBody>
        </Dialog>
      ) : null}
      {previewOpen ? (
        <PreviewDialog pCode={pCode} values={values} onClose={() => setPreviewOpen(false)} />
      ) : null}
    </PageLayout>
  );
}
