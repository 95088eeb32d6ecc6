/** Fixed builders for tests of every face (never random data). */
export { ACCOUNT_NOW, buildAccountUser, buildAnnouncement, buildOrganisation } from './account';
export { BULK_LIST_FIXTURE, listItem } from './bulk-update';
export { appValues, PNG_1X1, siteValues, THEMES_FIXTURE } from './property';
export {
  buildReportJob,
  buildReportProperty,
  buildScheduledReportJob,
  REPORT_PROPERTIES,
  REPORTS_EARLY_NOW,
  REPORTS_NOW,
  REPORTS_PCODE,
} from './reports';
export {
  appThemeValues,
  JAN_1_2026_SECONDS,
  siteThemeValues,
  smallGvl,
  storedSiteTheme,
  textChangeRequest,
} from './theme';
