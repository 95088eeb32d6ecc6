import type { Issue } from '@assent/core';
import type { RouteOutput, Routes } from '@assent/core/api';
import type { PropertyValues } from '@assent/core/property';
import type { FormDialog, PropertyFormAction } from './form-state';

/** What the site and app forms load first (GET /customization/v2/site/init). */
export type PropertyInitData = RouteOutput<Routes['sites']['init']>;

/** What every card of a property form reads and how it changes the form. */
export interface PropertyFormApi {
  values: PropertyValues;
  dialog: FormDialog;
  dispatch: (action: PropertyFormAction) => void;
  /** The message to show under a field (the server's, else the form's own visible issue). */
  errorOf: (field: string) => string | undefined;
  /** The form's init data: CMP versions, themes of the property's type, account options. */
  init: PropertyInitData;
  /** Every current issue, shown or not (the dialogs read their own). */
  issues: readonly Issue[];
}
