import { ApiError } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  PropertySettings,
  identifierChanged,
  propertyIdentifier,
  validateProperty,
} from '@assent/core/property';
import type { Property, PropertyValidationContext, PropertyValues } from '@assent/core/property';
import { applyCacheEffects, propertySaveMutation } from '@assent/core/queries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useClient } from '../app/ServicesContext';
import { useAlerts } from '../components/alerts';
import type { PropertyFormApi, PropertyInitData } from './context';
import { propertySaved } from './copy';
import type { PropertyFormAction, PropertyFormState, SaveFailure } from './form-state';
import { fieldErrors, formChanged, initialFormState } from './form-state';

/**
 * A property form over its reducer: the state, core's validation of the current values, the
 * message of each field and the API the cards use. The identifier (url or package id) is checked
 * against the account's other properties on create and once it is edited.
 */
export function usePropertyForm<A>({
  reducer,
  initialValues,
  init,
  isNew,
  identifiers,
}: {
  /** The form's reducer; its actions include every PropertyFormAction (the shared cards dispatch those). */
  reducer: (state: PropertyFormState, action: A) => PropertyFormState;
  initialValues: PropertyValues;
  init: PropertyInitData;
  isNew: boolean;
  /** The identifiers of the account's other properties, once loaded. */
  identifiers: readonly string[] | undefined;
}) {
  const [state, dispatch] = useReducer(reducer, initialValues, initialFormState);
  // The property read again with other values (a bulk update finished while the form was open):
  // the user's edits are carried onto them.
  const opened = useRef(initialValues);
  useEffect(() => {
    if (opened.current === initialValues) return;
    opened.current = initialValues;
    (dispatch as unknown as (action: PropertyFormAction) => void)({
      type: 'storedValuesChanged',
      values: initialValues,
    });
  }, [initialValues]);
  const checkIdentifier =
    isNew || identifierChanged(propertyIdentifier(state.initial), propertyIdentifier(state.values));
  const context = useMemo<PropertyValidationContext>(
    () => ({
      ...(checkIdentifier ? { existingIdentifiers: identifiers ?? [] } : {}),
      themes: init.themes,
      consentOrPayEnabled: init.consentOrPayEnabled,
    }),
    [checkIdentifier, identifiers, init],
  );
  const issues = useMemo<Issue[]>(() => {
    const result = validateProperty(state.values, context);
    return result.ok ? [] : result.issues;
  }, [state.values, context]);
  const api = useMemo<PropertyFormApi>(
    () => ({
      values: state.values,
      dialog: state.dialog,
      // The form's actions are a superset of the shared ones (a lower bound TypeScript cannot state).
      dispatch: dispatch as unknown as (action: PropertyFormAction) => void,
      errorOf: fieldErrors(state, issues),
      init,
      issues,
    }),
    [state, issues, init],
  );
  return { state, dispatch, api, issues, changed: formChanged(state) };
}

/**
 * Moves focus to the first field showing a message and scrolls it to the middle of the screen
 * (after the render that shows it), so the reason of a failed save is where the eye is. A field
 * is one marked aria-invalid, or the group holding a message of its own (radio and checkbox
 * groups, the purposes summaries).
 */
export function focusFirstInvalid(root: ParentNode = document): void {
  requestAnimationFrame(() => {
    const invalid = root.querySelector<HTMLElement>(
      '.assent-property-form [aria-invalid="true"], .assent-property-form .assent-error',
    );
    if (!invalid) return;
    const group = invalid.closest<HTMLElement>('.bp6-form-group, fieldset, .assent-form-card');
    const target = invalid.matches('input, select, textarea')
      ? invalid
      : (invalid.querySelector<HTMLElement>('input:not(:disabled), select, textarea') ??
        group?.querySelector<HTMLElement>(
          'input:not(:disabled), select, textarea, button:not(:disabled)',
        ));
    (group ?? invalid).scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  });
}

/**
 * The Save of a property form: checks the form (focusing the first field with a message), then
 * saves through core's `propertySaveMutation` (logo check first). A refused logo or a failed save shows in the form; a saved
 * property is cached, the properties list refreshed, '{name} was saved.' shown, then `onSaved`.
 */
export function usePropertySave({
  pCode,
  form,
  send,
  failureOf,
  what,
  onSaved,
}: {
  pCode: string;
  form: Pick<PropertyFormApi, 'values' | 'issues' | 'dispatch'>;
  /** Creates or updates the property with the save payload (`values` are the form's, unchecked). */
  send: (payload: PropertyValues, values: PropertyValues) => Promise<Property>;
  /** The form's failure for an error of the save (core's site or app mapping). */
  failureOf: (error: unknown) => SaveFailure;
  /** The property's kind, for the log of an unexpected failure. */
  what: 'site' | 'app';
  /** After the success message, e.g. to leave the form. */
  onSaved: (property: Property) => void;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const { values, issues, dispatch } = form;
  const spec = propertySaveMutation(client, pCode, send);
  const mutation = useMutation({
    mutationFn: spec.mutationFn,
    onSuccess: async (outcome, saved) => {
      if (outcome.kind === 'logoRejected') {
        dispatch({ type: 'saveFailed', failure: logoFailure(outcome.message) });
        focusFirstInvalid();
        return;
      }
      const { property } = outcome;
      await applyCacheEffects(queryClient, spec.effects(outcome, saved));
      alerts.show(propertySaved(propertyIdentifier(property)), 'success');
      onSaved(property);
    },
    onError: (error) => {
      // A refusal (4xx) is the user's to fix and shows in the form; anything else is logged too.
      if (!isRefusal(error)) console.error(`Assent: the ${what} could not be saved`, error);
      const failure = failureOf(error);
      dispatch({ type: 'saveFailed', failure });
      // The server named fields: go to the first; otherwise the callout above the form says why.
      if (Object.keys(failure.fields).length) focusFirstInvalid();
      else document.querySelector('.assent-form-callouts')?.scrollIntoView?.({ block: 'nearest' });
    },
  });
  const save = () => {
    dispatch({ type: 'saveAttempted' });
    if (issues.length) {
      focusFirstInvalid();
      return;
    }
    dispatch({ type: 'failureCleared' });
    mutation.mutate(values);
  };
  return { save, pending: mutation.isPending };
}

/** A save the server refused (4xx): the form shows why, so there is nothing more to log. */
export const isRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;

/** A refused logo: its message above the form and under the logo field. */
export const logoFailure = (message: string): SaveFailure => ({
  title: '',
  message,
  fields: { publisherLogoUrl: message },
});

/** The values of a stored property as a form edits them: core's settings schema drops the bookkeeping. */
export const formValuesOf = (property: Property): PropertyValues =>
  PropertySettings.parse(property);
