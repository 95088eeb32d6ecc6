import { REPORT_ERROR_TEXT, REPORT_ERROR_TITLE, SITE_REPORT_PERIOD } from '@assent/core/property';
import { propertyAnalyticsQuery, propertyAnalyticsRange } from '@assent/core/queries';
import {
  PROPERTY_REPORT_ROWS,
  propertyAnalyticsSections,
  propertyReportCell,
} from '@assent/core/reports';
import { Button, Card, H3, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient, useNow } from '../app/ServicesContext';
import { BACK_TO_PROPERTIES_BUTTON, REPORT } from './copy';
import './property-form.css';

/** 'Something went wrong' with the report error text and 'Back to Properties'. */
export function ReportFailure({ pCode }: { pCode: string }) {
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="assent-status-page"
      icon={<ErrorIcon size={48} />}
      title={REPORT_ERROR_TITLE}
      description={REPORT_ERROR_TEXT}
      action={
        <Button
          intent="primary"
          text={BACK_TO_PROPERTIES_BUTTON}
          onClick={() => navigate(paths.properties(pCode))}
        />
      }
    />
  );
}

/**
 * The consent report of one property over the last 30 days: one table per regulation with data
 * (GDPR, CCPA, Google basic consent, then the US states), from the per-property analytics route.
 */
export function PropertyReport({
  pCode,
  propertyId,
  formatPercentage,
}: {
  pCode: string;
  propertyId: string;
  /** How percentages read (the app report shows two decimals). */
  formatPercentage: (value: number | null) => string;
}) {
  const client = useClient();
  const now = useNow();
  const range = useMemo(() => propertyAnalyticsRange(now()), [now]);
  const analytics = useQuery(
    propertyAnalyticsQuery(client, { pCode, propertyIds: [propertyId], ...range }),
  );
  useEffect(() => {
    if (analytics.error) console.error('Assent: the property report failed', analytics.error);
  }, [analytics.error]);

  if (analytics.isPending) return <Spinner size={24} aria-label="Loading the report" />;
  if (analytics.isError) return <ReportFailure pCode={pCode} />;
  const sections = propertyAnalyticsSections(analytics.data[propertyId] ?? {});
  return (
    <Card className="assent-report-card">
      <H3>{SITE_REPORT_PERIOD}</H3>
      <p className="assent-muted">
        {range.startDate} – {range.endDate}
      </p>
      {sections.length === 0 ? <p>{REPORT.noData}</p> : null}
      {sections.map((section, index) => (
        <section
          key={`${section.key}-${index}`}
          className="assent-report-section"
          aria-label={section.label}
        >
          <H4>{section.label}</H4>
          <HTMLTable compact striped className="assent-fill assent-report-table">
            <thead>
              <tr>
                <th scope="col">{REPORT.metric}</th>
                <th scope="col">{REPORT.value}</th>
              </tr>
            </thead>
            <tbody>
              {PROPERTY_REPORT_ROWS.filter((m) => section.report[m.key] !== null).map((metric) => (
                <tr key={metric.key}>
                  <th scope="row">{metric.label}</th>
                  <td>{propertyReportCell(metric, section.report, formatPercentage)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </Card>
  );
}
