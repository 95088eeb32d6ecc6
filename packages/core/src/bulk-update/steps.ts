import { consolePaths } from '../paths';
import type { PropertyListItem } from '../property/schema';
import type { BulkDetailsForm } from './fields';
import { bulkDetailsNextEnabled, validateBulkFields } from './fields';
import type { BulkFilters } from './filters';
import { emptyBulkFilters } from './filters';

/**
 * The bulk update flow (themes-and-bulk-update §2, §4): select properties, choose the changes,
 * review and submit. Each step keeps what the earlier ones chose.
 */

export type BulkStep = 'select' | 'details' | 'overview';

export type BulkUpdateState =
  | {
      step: 'select';
      filters: BulkFilters;
      selected: PropertyListItem[];
      /** The 'Multiple versions detected' modal. */
      modal: 'none' | 'multipleVersions';
    }
  | { step: 'details'; filters: BulkFilters; selected: PropertyListItem[]; form: BulkDetailsForm }
  | { step: 'overview'; filters: BulkFilters; selected: PropertyListItem[]; form: BulkDetailsForm }
  | { step: 'done' };

export type BulkUpdateAction =
  | { type: 'applyFilters'; filters: BulkFilters }
  | { type: 'select'; selected: PropertyListItem[] }
  | { type: 'next' }
  | { type: 'confirmVersions' }
  | { type: 'cancelVersions' }
  | { type: 'editForm'; form: BulkDetailsForm }
  | { type: 'back' }
  | { type: 'submitted' }
  | { type: 'reset' };

export const initialBulkUpdateState = (): BulkUpdateState => ({
  step: 'select',
  filters: emptyBulkFilters(),
  selected: [],
  modal: 'none',
});

const versionKey = (v: PropertyListItem['cmpVersion']) => String(v);

/** Whether the selected properties run different CMP versions. */
export const hasMultipleCmpVersions = (selected: readonly Pick<PropertyListItem, 'cmpVersion'>[]) =>
  new Set(selected.map((p) => versionKey(p.cmpVersion))).size > 1;

export function bulkUpdateReducer(
  state: BulkUpdateState,
  action: BulkUpdateAction,
): BulkUpdateState {
  switch (action.type) {
    case 'reset':
      return initialBulkUpdateState();
    case 'applyFilters':
      // Selection is cleared when filters apply.
      return state.step === 'select' ? { ...state, filters: action.filters, selected: [] } : state;
    case 'select':
      return state.step === 'select' ? { ...state, selected: action.selected } : state;
    case 'next':
      if (state.step === 'select') {
        if (state.selected.length === 0) return state;
        if (hasMultipleCmpVersions(state.selected)) return { ...state, modal: 'multipleVersions' };
        return { step: 'details', filters: state.filters, selected: state.selected, form: {} };
      }
      if (state.step === 'details') {
        const ready = bulkDetailsNextEnabled(state.form) && validateBulkFields(state.form).ok;
        return ready ? { ...state, step: 'overview' } : state;
      }
      return state;
    case 'confirmVersions':
      return state.step === 'select' && state.modal === 'multipleVersions'
        ? { step: 'details', filters: state.filters, selected: state.selected, form: {} }
        : state;
    case 'cancelVersions':
      return state.step === 'select' ? { ...state, modal: 'none' } : state;
    case 'editForm':
      return state.step === 'details' ? { ...state, form: action.form } : state;
    case 'back':
      if (state.step === 'overview') return { ...state, step: 'details' };
      if (state.step === 'details') {
        return { step: 'select', filters: state.filters, selected: state.selected, modal: 'none' };
      }
      return state;
    case 'submitted':
      return state.step === 'overview' ? { step: 'done' } : state;
  }
}

/** The siteIds to submit. */
export const selectedSiteIds = (state: BulkUpdateState): number[] =>
  state.step === 'done' ? [] : state.selected.map((p) => p.siteId);

/** The flow's paths: /protect/p-{pCode}/bulk-update, …/details, …/overview. */
export function bulkUpdatePath(pCode: string, step: BulkStep = 'select'): string {
  const base = consolePaths.bulkUpdate(pCode);
  return step === 'select' ? base : `${base}/${step}`;
}

/** After a successful submit the user goes to the properties list. */
export const bulkUpdateSuccessPath = consolePaths.properties;

export type BulkPageResolution =
  { kind: 'show'; step: BulkStep } | { kind: 'redirect'; step: BulkStep } | { kind: 'not-found' };

/**
 * The page segment of the URL against the flow's state: details or overview reached without the
 * previous step's state redirect to that previous step; any other segment is not found.
 */
export function resolveBulkPage(
  page: string | undefined,
  state: BulkUpdateState,
): BulkPageResolution {
  const reached: BulkStep | undefined = state.step === 'done' ? undefined : state.step;
  switch (page ?? '') {
    case '':
      return { kind: 'show', step: 'select' };
    case 'details':
      return reached === 'details' || reached === 'overview'
        ? { kind: 'show', step: 'details' }
        : { kind: 'redirect', step: 'select' };
    case 'overview':
      return reached === 'overview'
        ? { kind: 'show', step: 'overview' }
        : { kind: 'redirect', step: 'details' };
    default:
      return { kind: 'not-found' };
  }
}

/** Success and error alerts are removed on entry to the flow. */
export const alertsOnBulkEntry = <T extends { type: string }>(alerts: readonly T[]): T[] =>
  alerts.filter((a) => a.type !== 'success' && a.type !== 'error');
