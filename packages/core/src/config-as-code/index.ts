export {
  CONFIG_DOCUMENT_VERSION,
  DOCUMENT_PROPERTY_FIELDS,
  DOCUMENT_SETTINGS_FIELDS,
  formatDocumentPath,
  parseConfigDocument,
} from './document';
export type {
  ConfigDocument,
  DocumentIssue,
  DocumentPath,
  DocumentProperty,
  DocumentPropertyType,
  DocumentSettingsField,
  DocumentTheme,
} from './document';
export {
  canonicalJson,
  documentType,
  entryValues,
  sameValue,
  settingsOf,
  themesByName,
  toConfigDocument,
  toDocumentProperty,
} from './export';
export type { LiveAccount, LiveProperty, LiveTheme } from './export';
export {
  ACCOUNT_MISSING,
  derivedValueNote,
  DOCUMENT_NOT_A_MAPPING,
  DOCUMENT_VERSION_MISSING,
  documentVersionUnsupported,
  invalidValue,
  NOT_A_MAPPING,
  PROPERTY_TYPE_INVALID,
  propertyListedTwice,
  propertyTypeFixed,
  THEME_AND_THEME_ID,
  THEME_TYPE_INVALID,
  themeTypeMismatch,
  UNKNOWN_COUNTRY_CODE,
  unknownField,
  unknownProperty,
  unknownPropertyUuid,
  unknownTheme,
} from './messages';
export { documentEnablesConsentOrPay, planConfig, planHasChanges } from './plan';
export type {
  ConfigPlan,
  FieldChange,
  PlanContext,
  PlannedCreate,
  PlannedUpdate,
  PlanNote,
  PlanProblem,
} from './plan';
export {
  describeExpected,
  readableIssues,
  schemaAt,
  unknownKeyIssues,
  unwrapSchema,
} from './schema-check';
export { closest, editDistance } from './suggest';
