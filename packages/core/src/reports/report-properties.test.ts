import { describe, expect, it } from 'vitest';
import { REPORT_PROPERTIES, buildReportJob } from '../testing/reports';
import {
  ALL_REPORT_PROPERTIES,
  analyticsPropertyIds,
  initialReportPropertySelection,
  reportPropertyOptions,
  selectReportProperties,
  toggleReportProperty,
} from './report-properties';

describe('report property selector', () => {
  it('offers All plus each property by url, disabled ones not selectable', () => {
    expect(reportPropertyOptions(REPORT_PROPERTIES)).toEqual([
      { value: ALL_REPORT_PROPERTIES, label: 'All', disabled: false },
      { value: 'site-1', label: 'news.example.com', disabled: false },
      { value: 'site-2', label: 'old.example.com', disabled: true },
      { value: 'site-3', label: 'shop.example.com', disabled: false },
    ]);
  });

  it('selects every non-disabled property when All is chosen', () => {
    expect(selectReportProperties(REPORT_PROPERTIES, [ALL_REPORT_PROPERTIES])).toEqual([
      'site-1',
      'site-3',
    ]);
  });

  it('drops disabled and unknown choices', () => {
    expect(selectReportProperties(REPORT_PROPERTIES, ['site-2', 'site-3', 'nope'])).toEqual([
      'site-3',
    ]);
  });

  it('toggles one option: All selects every enabled one, a chosen one goes, a disabled one never comes', () => {
    expect(toggleReportProperty(REPORT_PROPERTIES, [], ALL_REPORT_PROPERTIES)).toEqual([
      'site-1',
      'site-3',
    ]);
    expect(toggleReportProperty(REPORT_PROPERTIES, ['site-1', 'site-3'], 'site-1')).toEqual([
      'site-3',
    ]);
    expect(toggleReportProperty(REPORT_PROPERTIES, ['site-3'], 'site-1')).toEqual([
      'site-1',
      'site-3',
    ]);
    expect(toggleReportProperty(REPORT_PROPERTIES, ['site-3'], 'site-2')).toEqual(['site-3']);
  });

  it("lets a report's propertyId filter override the route id", () => {
    const job = buildReportJob({
      query: {
        ...buildReportJob().query,
        filters: [{ key: 'propertyId', operator: 'in', values: ['prop-3'] }],
      },
    });
    expect(
      initialReportPropertySelection({
        properties: REPORT_PROPERTIES,
        routePropertyId: 'site-1',
        reportFilters: job.query.filters,
      }),
    ).toEqual(['site-3']);
  });

  it('preselects the route id, else nothing', () => {
    expect(
      initialReportPropertySelection({ properties: REPORT_PROPERTIES, routePropertyId: 'site-1' }),
    ).toEqual(['site-1']);
    expect(initialReportPropertySelection({ properties: REPORT_PROPERTIES })).toEqual([]);
  });

  it('queries analytics by propertyId when a property has one', () => {
    expect(analyticsPropertyIds(REPORT_PROPERTIES, ['site-1', 'site-3'])).toEqual([
      'site-1',
      'prop-3',
    ]);
  });
});
