import { describe, expect, it } from 'vitest';
import * as m from './messages';

/** The spec's wording, verbatim (typos included): a change here is a change of contract. */
describe('reports messages', () => {
  it.each([
    [m.REPORT_DELETED, 'Report deleted successfully'],
    [m.REPORT_UPDATED, 'Report updated successfully'],
    [m.DELETE_REPORT_TITLE, 'Delete Report?'],
    [m.DELETE_REPORT_CONFIRMATION, 'Are you sure to delete this report?'],
    [m.REPORT_NAME_REQUIRED, 'Please enter report name'],
    [m.SCHEDULE_FREQUENCY_REQUIRED, 'Frequency is required'],
    [m.SCHEDULE_START_DATE_REQUIRED, 'Please enter start date'],
    [m.SCHEDULE_END_DATE_REQUIRED, 'Please enter end date'],
    [m.SCHEDULE_TIME_REQUIRED, 'Please enter time'],
    [m.RUN_REPORT_INCOMPLETE, 'Please select atleast Metric, Time and Granularity'],
    [m.TIME_FILTER_REQUIRED, 'Please select Time filter'],
    [m.REPORT_TOO_LARGE, 'Please try with few dimensions and metrics.'],
    [m.GATEWAY_TIMEOUT_MARKER, '504 Gateway Timeout ERROR'],
    [m.NO_DATA_AVAILABLE, 'No Data Available'],
    [m.NO_PROPERTIES_SELECTED_TITLE, 'It looks like no properties have been selected.'],
    [m.NO_PROPERTIES_SELECTED_TEXT, 'Select a property to see detailed insights and metrics.'],
    [m.NO_CHANGE, 'No change'],
    [m.VIEW_ALL_REPORTS, 'View All Reports'],
    [m.VIEW_REPORTS_DASHBOARD, 'View Reports Dashboard'],
    [m.GO_TO_REPORTS, 'Go to reports'],
    [m.CREATE_CUSTOM_REPORT, 'Create your Custom Report'],
    [m.RUN_REPORT, 'Run Report'],
    [m.SAVE_REPORT, 'Save Report'],
    [m.EDIT_REPORT, 'Edit Report'],
    [m.SCHEDULE_REPORT, 'Schedule Report'],
    [m.MORE_FILTERS, 'More Filters'],
    [m.SCHEDULED_REPORTS, 'Scheduled Reports'],
    [m.ON_DEMAND_REPORTS, 'On-demand Reports'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
