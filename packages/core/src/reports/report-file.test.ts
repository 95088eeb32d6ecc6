import { describe, expect, it } from 'vitest';
import { reportFileName, reportRowsToCsv } from './report-file';
import { reportValueNames } from './report-names';

describe('reportRowsToCsv', () => {
  const query = { dimensions: ['period', 'country'], metrics: ['totalSessions', 'optInPercent'] };

  it('heads dimensions then metrics with their display names and writes raw values', () => {
    const csv = reportRowsToCsv(query, [
      { period: '2024-03-14', country: 'FR', totalSessions: 1200, optInPercent: 62.5 },
      { period: '2024-03-14', country: 'DE', totalSessions: 3, optInPercent: null },
    ]);
    expect(csv).toBe(
      'Period,Country,Display Count,Opt-in %\r\n' +
        '2024-03-14,France,1200,62.5\r\n' +
        '2024-03-14,Germany,3,\r\n',
    );
  });

  it('quotes commas and quotes, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = reportRowsToCsv({ dimensions: ['themeUuid'], metrics: ['totalSessionsChange'] }, [
      { themeUuid: 'Dark, "night"', totalSessionsChange: -12.5 },
      { themeUuid: '=HYPERLINK("http://x")', totalSessionsChange: 0 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Theme,Display Count Change',
      '"Dark, ""night""",-12.5',
      `"'=HYPERLINK(""http://x"")",0`,
      '',
    ]);
  });

  it('writes every dimension value by the name the results table shows, unknown codes as they are', () => {
    const names = reportValueNames({
      themes: [{ uuid: '7', themeName: 'Summer theme' }],
      properties: [{ siteUuid: 'site-a', url: 'news.example', isDisabled: false }],
    });
    const csv = reportRowsToCsv(
      {
        dimensions: [
          'propertyId',
          'themeUuid',
          'country',
          'deviceType',
          'pageFormat',
          'gbcApplicable',
        ],
        metrics: ['totalSessions'],
      },
      [
        {
          propertyId: 'site-a',
          themeUuid: '7',
          country: 'FR',
          deviceType: 'pc',
          pageFormat: 'AMP',
          gbcApplicable: true,
          totalSessions: 3,
        },
        {
          propertyId: 'site-a',
          themeUuid: '8',
          country: 'XX',
          deviceType: 'tv',
          pageFormat: null,
          gbcApplicable: false,
          totalSessions: 1,
        },
      ],
      undefined,
      names,
    );
    expect(csv.split('\r\n')).toEqual([
      'Property,Theme,Country,Device Type,Page Format,GBC Applicable,Display Count',
      'news.example,Summer theme,France,Desktop,AMP,Yes,3',
      'news.example,8,XX,tv,,No,1',
      '',
    ]);
  });

  it('writes only the header for a report without rows', () => {
    expect(reportRowsToCsv(query, [])).toBe('Period,Country,Display Count,Opt-in %\r\n');
  });
});

describe('reportFileName', () => {
  it("keeps the report's name readable and safe, with the run's day", () => {
    expect(reportFileName('Daily consent / EU', '2024-03-15')).toBe(
      'Daily-consent-EU-2024-03-15.csv',
    );
    expect(reportFileName('../../etc', '2024-03-15')).toBe('....etc-2024-03-15.csv');
    expect(reportFileName('  ', '2024-03-15')).toBe('report-2024-03-15.csv');
  });
});
