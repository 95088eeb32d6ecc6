/**
 * Query-option factories shared by the web console and the terminal UI: one key factory and one
 * factory of `{ queryKey, queryFn }` per entity, over a client passed in.
 */
export { queryOptionsOf } from './query-options';
export type { QueryOptions } from './query-options';
export {
  announcementKeys,
  announcementsQuery,
  copEventKeys,
  copEventsQuery,
  invitationKeys,
  invitationsQuery,
  meKeys,
  memberKeys,
  membersQuery,
  meQuery,
  organisationKeys,
  organisationsQuery,
  surveyKeys,
  surveyQuery,
  twoFactorKeys,
  twoFactorRequirementQuery,
  twoFactorStatusQuery,
} from './account';
export { auditLogKeys, auditLogsQuery, consentRecordKeys, consentRecordQuery } from './audit-logs';
export { bulkUpdateStatusKeys, bulkUpdateStatusQuery } from './bulk-update';
export {
  abTestKeys,
  abTestQuery,
  countryTableQuery,
  dashboardKeys,
  insightsQuery,
  premiumReportKeys,
  sitePremiumReportQuery,
  summaryComparisonQuery,
} from './dashboard';
export type { SummaryComparisonInput } from './dashboard';
export { historyKeys, historyQuery } from './history';
export {
  applyCacheEffects,
  bulkUpdateFinishedEffects,
  bulkUpdateSubmitMutation,
  createQueryClientDefaults,
  propertyDeleteMutation,
  propertySavedEffects,
  propertySaveMutation,
  reportActiveMutation,
  saveWithLogoCheck,
  sendProperty,
  themeDeleteMutation,
  themeSavedEffects,
} from './mutations';
export type {
  CacheEffects,
  MutationSpec,
  PropertyRef,
  QueryCacheLike,
  SaveOutcome,
} from './mutations';
export type { HistoryInput } from './history';
export {
  cmpVersionKeys,
  cmpVersionsQuery,
  healthKeys,
  healthQuery,
  listedPropertiesAnalyticsQuery,
  propertiesKeys,
  propertiesQuery,
  propertyAnalyticsKeys,
  propertyAnalyticsQuery,
  propertyAnalyticsRange,
  propertyInitKeys,
  propertyInitQuery,
  propertyKeys,
  propertyQuery,
  propertyRowsQuery,
  propertyTrendKeys,
  propertyTrendQuery,
} from './properties';
export type { PropertyAnalyticsInput, PropertyTrendInput } from './properties';
export {
  reportCatalogueKeys,
  reportCatalogueQuery,
  reportJobKeys,
  reportJobQuery,
  reportJobsQuery,
  reportPropertiesKeys,
  reportPropertiesQuery,
  reportThemesKeys,
  reportThemesQuery,
  runSavedReport,
} from './reports';
export type { ReportRunState } from './reports';
export { tagKeys, tagQuery } from './tags';
export type { TagInput } from './tags';
export { textRequestKeys, textRequestsQuery, themeKeys, themeQuery, themesQuery } from './themes';
export {
  googleAtpKeys,
  googleAtpQuery,
  vendorKeys,
  vendorSelectionKeys,
  vendorSelectionQuery,
  vendorsQuery,
} from './vendors';
