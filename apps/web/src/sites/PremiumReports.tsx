import { PREMIUM_BANNER_BUTTON } from '@assent/core/property';
import {
  organisationsQuery,
  propertyAnalyticsRange,
  sitePremiumReportQuery,
} from '@assent/core/queries';
import {
  customReportCell,
  customReportColumns,
  NO_DATA_AVAILABLE,
  PREMIUM_REPORT_METRICS,
  PREMIUM_REPORT_SECTIONS,
  PREMIUM_REPORTS_LOCKED,
} from '@assent/core/reports';
import { Button, Card, H3, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient, useNow } from '../app/ServicesContext';
import { PropertyReport, ReportFailure } from '../property-form/PropertyReport';
import { REPORT } from '../property-form/copy';
import { formatPercent } from '@assent/core';

/**
 * /sites/reports/{id}: a premium-eligible account sees the site's per-regulation card and its last
 * 30 days day by day and split by device type, page format and country; another account is
 * offered CMP Premium ('Unlock Premium for FREE').
 */
export function PremiumReports({ pCode, siteId }: { pCode: string; siteId: string }) {
  const client = useClient();
  const navigate = useNavigate();
  const organisations = useQuery({ ...organisationsQuery(client), staleTime: 60_000 });
  if (organisations.isPending) return <Spinner size={24} aria-label="Loading the account" />;
  const premium = organisations.data?.find((org) => org.pcode === pCode)?.premiumEligible ?? false;
  if (!premium) {
    return (
      <NonIdealState
        icon={<LockIcon size={48} />}
        title={REPORT.premiumTitle}
        description={PREMIUM_REPORTS_LOCKED}
        action={
          <Button
            intent="primary"
            text={PREMIUM_BANNER_BUTTON}
            onClick={() => navigate(paths.monetisation(pCode))}
          />
        }
      />
    );
  }
  return (
    <>
      <PropertyReport
        pCode={pCode}
        propertyId={siteId}
        formatPercentage={(value) => formatPercent(value)}
      />
      <PremiumSections pCode={pCode} siteId={siteId} />
    </>
  );
}

function PremiumSections({ pCode, siteId }: { pCode: string; siteId: string }) {
  const client = useClient();
  const now = useNow();
  const range = useMemo(() => propertyAnalyticsRange(now()), [now]);
  const report = useQuery(sitePremiumReportQuery(client, pCode, siteId, range));
  useEffect(() => {
    if (report.error) console.error('Assent: the premium reports failed', report.error);
  }, [report.error]);
  if (report.isPending) return <Spinner size={24} aria-label="Loading the premium reports" />;
  if (report.isError) return <ReportFailure pCode={pCode} />;
  return (
    <Card className="assent-report-card assent-premium-report">
      <H3>{REPORT.premiumTitle}</H3>
      <p className="assent-muted">
        {range.startDate} – {range.endDate}
      </p>
      {PREMIUM_REPORT_SECTIONS.map((section) => {
        const rows = report.data.find((r) => r.id === section.id)?.results ?? [];
        const columns = customReportColumns({
          dimensions: [section.dimension],
          metrics: [...PREMIUM_REPORT_METRICS],
        });
        return (
          <section key={section.id} className="assent-report-section" aria-label={section.title}>
            <H4>{section.title}</H4>
            {rows.length === 0 ? (
              <p>{NO_DATA_AVAILABLE}</p>
            ) : (
              <HTMLTable compact striped className="assent-fill">
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th scope="col" key={c.fieldName}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i}>
                      {columns.map((c) =>
                        c.kind === 'dimension' ? (
                          <th scope="row" key={c.fieldName}>
                            {customReportCell(c.fieldName, row[c.fieldName])}
                          </th>
                        ) : (
                          <td key={c.fieldName}>
                            {customReportCell(c.fieldName, row[c.fieldName])}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </section>
        );
      })}
    </Card>
  );
}
