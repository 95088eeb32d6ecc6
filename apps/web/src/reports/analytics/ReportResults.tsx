import { formatUtcDay } from '@assent/core';
import type {
  ReportCatalogue,
  ReportChartType,
  ReportRun,
  ReportValueNames,
} from '@assent/core/reports';
import {
  customReportCell,
  customReportChart,
  customReportColumns,
  NO_DATA_AVAILABLE,
  REPORT_FILE_CONTENT_TYPE,
  ReportChartType as ChartTypes,
  reportFileName,
  reportRowsToCsv,
} from '@assent/core/reports';
import { Button, ButtonGroup, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { DownloadIcon, ThDisconnectIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { saveFile } from '../../components/download';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ReportChart } from './ReportChart';

export const RESULTS_TABLE_LABEL = 'Report results';
export const EXPORT_CSV = 'Export CSV';
export const CHART_TYPE_LABEL = 'Chart type';

export interface ReportResultsProps {
  run: ReportRun;
  catalogue: ReportCatalogue;
  /** The names shown for theme, property and language ids (in the table, chart and CSV). */
  names: ReportValueNames;
  /** The saved report's name, used in the exported file's name. */
  reportName: string | undefined;
  now: () => Date;
}

/**
 * The last run's results: a table (percentages with two decimals, N/A for null), its export as a
 * CSV made in the browser (the same file a saved report's run writes), and a chart of the same
 * rows, loaded lazily. The table is the chart's text alternative.
 */
export function ReportResults({ run, catalogue, names, reportName, now }: ReportResultsProps) {
  const [chartType, setChartType] = useState<ReportChartType>('Bar');
  const query = run.payload.queries[0];
  if (!query) return null;
  const columns = customReportColumns(query, catalogue);
  const exportCsv = () =>
    saveFile(
      new Blob([reportRowsToCsv(query, run.rows, catalogue, names)], {
        type: REPORT_FILE_CONTENT_TYPE,
      }),
      reportFileName(reportName ?? 'custom-report', formatUtcDay(now())),
    );

  return (
    <section className="assent-report-results" aria-label="Results">
      <div className="assent-report-results-actions">
        <ButtonGroup aria-label={CHART_TYPE_LABEL}>
          {ChartTypes.options.map((t) => (
            <Button
              key={t}
              text={t}
              active={chartType === t}
              aria-pressed={chartType === t}
              onClick={() => setChartType(t)}
            />
          ))}
        </ButtonGroup>
        <Button icon={<DownloadIcon />} text={EXPORT_CSV} onClick={exportCsv} />
      </div>
      {run.rows.length === 0 ? (
        <NonIdealState icon={<ThDisconnectIcon />} title={NO_DATA_AVAILABLE} />
      ) : (
        <>
          <figure
            className="assent-report-chart"
            aria-label={`Chart of the report (${chartType}); the table below holds its data`}
          >
            <ErrorBoundary>
              <ReportChart
                chart={customReportChart(query, run.rows, catalogue, names)}
                type={chartType}
              />
            </ErrorBoundary>
          </figure>
          <div className="assent-report-table-scroll">
            <HTMLTable compact striped aria-label={RESULTS_TABLE_LABEL}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.fieldName} scope="col" className={`assent-col-${c.kind}`}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {run.rows.map((row, i) => (
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.fieldName} className={`assent-col-${c.kind}`}>
                        {customReportCell(c.fieldName, row[c.fieldName], names)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </section>
  );
}
