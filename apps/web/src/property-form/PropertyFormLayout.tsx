import { PENDING_UPDATES, propertySaveEnabled, propertyWarnings } from '@assent/core/property';
import type { PropertyValues } from '@assent/core/property';
import { Button, Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { paths } from '../app/paths';
import { BackLink } from '../components/BackLink';
import { PageLayout } from '../components/PageLayout';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { CANCEL, FIX_FIELDS, FORM_ACTIONS, SAVE_PENDING, SAVE_PROPERTY } from './copy';
import type { SaveFailure } from './form-state';
import './property-form.css';

export interface PropertyFormLayoutProps {
  title: string;
  pCode: string;
  values: PropertyValues;
  /** Save is disabled until the form has changed… */
  changed: boolean;
  /** …while a save is pending (it then reads LOADING...)… */
  pending: boolean;
  /** …and while the property has pending updates. */
  editable: boolean;
  failure: SaveFailure | null;
  /** After a save attempt with broken rules. */
  showFixFields: boolean;
  /** A note above the form (e.g. the welcome of a new user). */
  intro?: ReactNode;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The frame of the site and app forms: 'Back to all properties', the title, then the
 * pending-updates warning, the failed save, and core's non-blocking warnings above the cards; CANCEL and SAVE PROPERTY in a footer that sticks to the bottom of the window.
 */
export function PropertyFormLayout({
  title,
  pCode,
  values,
  changed,
  pending,
  editable,
  failure,
  showFixFields,
  intro,
  onSave,
  onCancel,
  children,
}: PropertyFormLayoutProps) {
  const warnings = propertyWarnings(values);
  return (
    <PageLayout
      title={title}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
    >
      <div className="assent-form-callouts">
        {intro}
        {editable ? null : (
          <Callout intent="warning" role="status">
            {PENDING_UPDATES}
          </Callout>
        )}
        {failure ? (
          <Callout intent="danger" role="alert" title={failure.title || undefined}>
            {failure.message || null}
          </Callout>
        ) : null}
        {showFixFields ? (
          <Callout intent="danger" role="alert">
            {FIX_FIELDS}
          </Callout>
        ) : null}
        {warnings.map((warning) => (
          <Callout key={warning} intent="warning" compact>
            {warning}
          </Callout>
        ))}
      </div>
      <form
        className="assent-property-form"
        aria-label={title}
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        {children}
      </form>
      {/* CANCEL and SAVE PROPERTY stay in view at the bottom of the window however long the form. */}
      <footer className="assent-form-footer" aria-label={FORM_ACTIONS}>
        <Button text={CANCEL} onClick={onCancel} />
        <Button
          intent="primary"
          text={pending ? SAVE_PENDING : SAVE_PROPERTY}
          disabled={!propertySaveEnabled({ changed, pending, editable })}
          onClick={onSave}
        />
      </footer>
    </PageLayout>
  );
}
