import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_CATALOGUE,
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  ReportCatalogue,
  ReportDimension,
  ReportFilterType,
  ReportMetric,
  catalogueDisplayName,
  groupByCategory,
  isPercentMetric,
  keepOfferedMetrics,
  offeredDimensions,
  offeredMetrics,
} from './catalogue';

const fields = (entries: ReadonlyArray<{ fieldName: string }>) => entries.map((e) => e.fieldName);

describe('catalogue', () => {
  it('has the 14 filter types and the 13 dimensions of the spec, in order', () => {
    expect(ReportFilterType.options).toEqual([
      'regulation',
      'time',
      'deviceType',
      'os',
      'pageFormat',
      'country',
      'granularity',
      'browser',
      'property',
      'copApplicable',
      'advancedApplicable',
      'gbcApplicable',
      'themeUuid',
      'themeLanguage',
    ]);
    expect(fields(REPORT_DIMENSIONS)).toEqual(ReportDimension.options);
    expect(fields(REPORT_METRICS)).toEqual(ReportMetric.options);
  });

  it("shows totalSessions as 'Display Count' and groups metrics by Sessions, GBC and Users", () => {
    expect(catalogueDisplayName('totalSessions')).toBe('Display Count');
    expect(catalogueDisplayName('totalSessionsChange')).toBe('Display Count Change');
    expect(catalogueDisplayName('unknownField')).toBe('unknownField');
    expect([...groupByCategory(REPORT_METRICS).keys()]).toEqual(['Sessions', 'GBC', 'Users']);
  });

  it('is a valid metadata response', () => {
    expect(ReportCatalogue.parse(DEFAULT_REPORT_CATALOGUE)).toEqual(DEFAULT_REPORT_CATALOGUE);
  });

  it('tells percentages from counts', () => {
    expect(isPercentMetric('optInPercent')).toBe(true);
    expect(isPercentMetric('bouncePercentChange')).toBe(true);
    expect(isPercentMetric('totalSessions')).toBe(false);
  });
});

describe('offeredMetrics', () => {
  const categories = (dims: string[]) =>
    new Set(offeredMetrics(DEFAULT_REPORT_CATALOGUE, dims).map((m) => m.category));

  it('hides GBC unless gbcApplicable is chosen and Users unless copApplicable is chosen', () => {
    expect(categories([])).toEqual(new Set(['Sessions']));
    expect(categories(['gbcApplicable'])).toEqual(new Set(['Sessions', 'GBC']));
    expect(categories(['copApplicable'])).toEqual(new Set(['Sessions', 'Users']));
    expect(categories(['gbcApplicable', 'copApplicable'])).toEqual(
      new Set(['Sessions', 'GBC', 'Users']),
    );
  });

  it('never offers an invisible entry', () => {
    const catalogue = {
      dimensions: [],
      metrics: [
        { fieldName: 'secret', displayName: 'Secret', category: 'Sessions', visible: false },
      ],
    };
    expect(offeredMetrics(catalogue, [])).toEqual([]);
  });

  it('always offers the applicable dimensions themselves', () => {
    const offered = fields(offeredDimensions(DEFAULT_REPORT_CATALOGUE));
    expect(offered).toEqual(expect.arrayContaining(['gbcApplicable', 'copApplicable']));
  });

  it('drops chosen metrics whose category became hidden, keeping unknown ones', () => {
    expect(
      keepOfferedMetrics(
        DEFAULT_REPORT_CATALOGUE,
        ['period'],
        ['optInPercent', 'gbcAdStorageGrantedPercent', 'copUsers', 'legacyMetric'],
      ),
    ).toEqual(['optInPercent', 'legacyMetric']);
  });
});
