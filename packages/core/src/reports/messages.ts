/**
 * The reports area's messages and labels (reports-and-account §2, §4, §5, §8), verbatim, typos
 * included. Wording the spec leaves "not shown" is ours and listed in
 * docs/decisions.md.
 */

export const REPORT_DELETED = 'Report deleted successfully';
export const REPORT_UPDATED = 'Report updated successfully';
export const DELETE_REPORT_TITLE = 'Delete Report?';
export const DELETE_REPORT_CONFIRMATION = 'Are you sure to delete this report?';

export const REPORT_NAME_REQUIRED = 'Please enter report name';
export const SCHEDULE_FREQUENCY_REQUIRED = 'Frequency is required';
export const SCHEDULE_START_DATE_REQUIRED = 'Please enter start date';
export const SCHEDULE_END_DATE_REQUIRED = 'Please enter end date';
export const SCHEDULE_TIME_REQUIRED = 'Please enter time';
/** Not shown in the spec: a time in hours 0 to 7 UTC, or not written H:mm. */
export const SCHEDULE_TIME_INVALID = 'Please choose a time between 8:00 and 23:59 UTC';
/** Not shown in the spec: an end date before the start date. */
export const SCHEDULE_END_BEFORE_START = 'End date must be on or after the start date';
/** Not shown in the spec: a recipient that is not an e-mail address. */
export const SCHEDULE_RECIPIENT_INVALID = 'Please enter a valid email address';

/** The typo ('atleast') is the spec's. */
export const RUN_REPORT_INCOMPLETE = 'Please select atleast Metric, Time and Granularity';
export const TIME_FILTER_REQUIRED = 'Please select Time filter';
/** Shown instead of a report run error that contains GATEWAY_TIMEOUT_MARKER. */
export const REPORT_TOO_LARGE = 'Please try with few dimensions and metrics.';
export const GATEWAY_TIMEOUT_MARKER = '504 Gateway Timeout ERROR';

export const NO_DATA_AVAILABLE = 'No Data Available';
export const NO_PROPERTIES_SELECTED_TITLE = 'It looks like no properties have been selected.';
export const NO_PROPERTIES_SELECTED_TEXT =
  'Select a property to see detailed insights and metrics.';
/** Not shown in the spec: the report list with no saved report. */
export const NO_REPORTS_FOUND = 'No reports found';

export const NO_CHANGE = 'No change';

/** Page format or device type recorded by a banner too old to report it. Wording not shown. */
export const OLD_VERSION_LABEL = 'N/A (old version)';
/** An unrecognised page format or device type. */
export const UNKNOWN_SEGMENT_LABEL = '-';

export const VIEW_ALL_REPORTS = 'View All Reports';
export const VIEW_REPORTS_DASHBOARD = 'View Reports Dashboard';
export const GO_TO_REPORTS = 'Go to reports';
export const CREATE_CUSTOM_REPORT = 'Create your Custom Report';
export const RUN_REPORT = 'Run Report';
export const SAVE_REPORT = 'Save Report';
export const EDIT_REPORT = 'Edit Report';
export const SCHEDULE_REPORT = 'Schedule Report';
export const MORE_FILTERS = 'More Filters';
export const SCHEDULED_REPORTS = 'Scheduled Reports';
export const ON_DEMAND_REPORTS = 'On-demand Reports';

/** Not shown in the spec: the server's answers to saving, scheduling, pausing and resuming. */
export const REPORT_SAVED = 'Report saved successfully';
export const REPORT_SCHEDULED = 'Report scheduled successfully';
export const REPORT_PAUSED = 'Report paused successfully';
export const REPORT_RESUMED = 'Report resumed successfully';
/** Not shown in the spec: a report id that is not one of the account's reports. */
export const REPORT_NOT_FOUND = 'Report not found';
/** Not shown in the spec: pause or resume asked of an on-demand report. */
export const REPORT_NOT_SCHEDULED = 'Only scheduled reports can be paused or resumed';
