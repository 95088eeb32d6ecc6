import { describe, expect, it } from 'vitest';
import { reportValueNames } from './report-names';
import { normalizeReportFilters } from './report-request';
import {
  customReportCell,
  customReportChart,
  customReportColumns,
  REPORT_FILTER_CHOICES,
  themeFilterChoices,
} from './report-table';

const query = { dimensions: ['period', 'deviceType'], metrics: ['totalSessions', 'optInPercent'] };

describe('custom report table', () => {
  it('heads the dimensions, then the metrics, by display name', () => {
    expect(customReportColumns(query).map((c) => [c.label, c.kind])).toEqual([
      ['Period', 'dimension'],
      ['Device Type', 'dimension'],
      ['Display Count', 'metric'],
      ['Opt-in %', 'metric'],
    ]);
  });

  it('shows percentages with two decimals, counts whole, labels and N/A', () => {
    expect(customReportCell('optInPercent', 33.333)).toBe('33.33%');
    expect(customReportCell('optInPercent', 50)).toBe('50.00%');
    expect(customReportCell('totalSessions', 1234)).toBe('1234');
    expect(customReportCell('optOutPercent', null)).toBe('N/A');
    expect(customReportCell('deviceType', 'mobile')).toBe('Phone');
    expect(customReportCell('pageFormat', 'AMP')).toBe('AMP');
    expect(customReportCell('gbcApplicable', true)).toBe('Yes');
    expect(customReportCell('period', '2024-03-11')).toBe('2024-03-11');
  });

  it('shows a theme by its name, not its id (an unknown id as it is), and a language by name', () => {
    const names = reportValueNames({ themes: [{ uuid: '7', themeName: 'Summer theme' }] });
    expect(customReportCell('themeUuid', '7', names)).toBe('Summer theme');
    expect(customReportCell('themeUuid', '8', names)).toBe('8');
    expect(customReportCell('themeUuid', null, names)).toBe('N/A');
    expect(customReportCell('themeLanguage', 'de')).toBe('German');
  });

  it('shows a country by its name, as the dashboard country table does', () => {
    expect(customReportCell('country', 'DE')).toBe('Germany');
    expect(customReportCell('country', 'XX')).toBe('XX');
    expect(customReportCell('country', null)).toBe('N/A');
  });
});

describe('custom report chart', () => {
  it('has one category per row and one series per metric', () => {
    const chart = customReportChart(query, [
      { period: '2024-03-11', deviceType: 'pc', totalSessions: 4, optInPercent: 25 },
      { period: '2024-03-11', deviceType: 'mobile', totalSessions: 2, optInPercent: null },
    ]);
    expect(chart.xTitle).toBe('Period · Device Type');
    expect(chart.x).toEqual(['2024-03-11 · Desktop', '2024-03-11 · Phone']);
    expect(chart.series).toEqual([
      { name: 'Display Count', fieldName: 'totalSessions', percent: false, values: [4, 2] },
      { name: 'Opt-in %', fieldName: 'optInPercent', percent: true, values: [25, null] },
    ]);
    expect(chart.percent).toBe(false);
  });

  it('labels theme categories by the theme names', () => {
    const names = reportValueNames({ themes: [{ uuid: '7', themeName: 'Summer theme' }] });
    const chart = customReportChart(
      { dimensions: ['themeUuid'], metrics: ['totalSessions'] },
      [{ themeUuid: '7', totalSessions: 4 }],
      undefined,
      names,
    );
    expect(chart.x).toEqual(['Summer theme']);
  });

  it('labels country categories by the country names', () => {
    const chart = customReportChart({ dimensions: ['country'], metrics: ['totalSessions'] }, [
      { country: 'FR', totalSessions: 4 },
    ]);
    expect(chart.x).toEqual(['France']);
  });

  it('labels a report without a dimension Total, and a percent-only chart as percent', () => {
    const chart = customReportChart({ dimensions: [], metrics: ['bouncePercent'] }, [
      { bouncePercent: 10 },
    ]);
    expect(chart.x).toEqual(['Total']);
    expect(chart.percent).toBe(true);
  });
});

describe('REPORT_FILTER_CHOICES', () => {
  it('offers the theme filters under the catalogue names, themes by name with their ids as values', () => {
    const [theme, language] = themeFilterChoices([{ uuid: '7', themeName: 'Summer theme' }]);
    expect(theme).toEqual({
      key: 'themeUuid',
      label: 'Theme',
      options: [{ value: '7', label: 'Summer theme' }],
    });
    expect(language?.label).toBe('Theme Language');
    expect(language?.options).toContainEqual({ value: 'fr', label: 'French' });
    expect(language?.options).toHaveLength(32);
    expect(language?.options.slice(0, 4).map((o) => o.label)).toEqual([
      'Bulgarian',
      'Chinese',
      'Croatian',
      'Czech',
    ]);
  });

  it("offers only values the server's filter reading accepts", () => {
    const choices = [
      ...REPORT_FILTER_CHOICES,
      ...themeFilterChoices([{ uuid: '7', themeName: 'Summer theme' }]),
    ];
    const filters = choices.map((c) => ({
      key: c.key,
      operator: 'in' as const,
      values: c.options.map((o) => o.value),
    }));
    const read = normalizeReportFilters([
      { key: 'startDate', operator: 'gteq', values: ['2024-03-01'] },
      { key: 'endDate', operator: 'lteq', values: ['2024-03-02'] },
      ...filters,
    ]);
    expect(read.ok).toBe(true);
  });
});
