export {
  applyBulkFields,
  BULK_CONSENT_SCOPE_LABELS,
  BULK_CONSENT_SCOPES,
  BULK_FORCED_PURPOSE,
  BULK_NOTHING_TO_UPDATE,
  bulkCustomiseSelection,
  BulkDetailsForm,
  bulkDetailsNextEnabled,
  bulkRequestLimitIssues,
  BulkFooterLink,
  BulkUpdateFields,
  BulkUpdateItem,
  BulkUpdateRequest,
  closeBulkSensitiveDataDialog,
  setBulkConsentScope,
  setBulkLegalBasis,
  toBulkUpdateRequest,
  toggleBulkConsentPurpose,
  validateBulkFields,
  validateBulkRegulation,
} from './fields';
export type { BulkApplyContext, BulkConsentScope, BulkUpdateFieldsInput } from './fields';
export {
  BULK_LEGAL_BASIS_LABELS,
  BULK_REGULATION_LABELS,
  BulkFilters,
  BulkLegalBasis,
  BulkPropertyType,
  BulkRegulation,
  bulkRegulationOf,
  bulkTypeOf,
  emptyBulkFilters,
  filterBulkProperties,
  matchesBulkFilters,
  setLegalBasisFilter,
} from './filters';
export type { BulkFiltersInput } from './filters';
export {
  BULK_REGULATION_REQUIRED,
  BULK_STEP_TITLES,
  BULK_SUBMIT,
  MULTIPLE_VERSIONS_CANCEL,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_NEXT,
  MULTIPLE_VERSIONS_TEXT,
} from './messages';
export {
  bulkFailuresOf,
  BulkStatusPage,
  BulkUpdateCode,
  BulkUpdateFailure,
  BulkUpdateJob,
  BulkUpdateJobStatus,
  BulkUpdateStatusResponse,
  BulkUpdateSubmitResponse,
  failedPropertyCount,
} from './status';
export {
  alertsOnBulkEntry,
  bulkUpdatePath,
  bulkUpdateReducer,
  bulkUpdateSuccessPath,
  hasMultipleCmpVersions,
  initialBulkUpdateState,
  resolveBulkPage,
  selectedSiteIds,
} from './steps';
export type { BulkPageResolution, BulkStep, BulkUpdateAction, BulkUpdateState } from './steps';
