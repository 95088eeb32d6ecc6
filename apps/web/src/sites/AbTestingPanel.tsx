import { CUSTOM_REPORT_PERCENT_DECIMALS, formatCompactNumber, formatPercent } from '@assent/core';
import { SITE_REPORT_PERIOD } from '@assent/core/property';
import { abTestQuery, themesQuery } from '@assent/core/queries';
import {
  AB_TEST_METRICS,
  abSignificanceLabel,
  abTestVerdict,
  catalogueDisplayName,
  dashboardPresetRange,
  formatAbDifference,
  isPercentMetric,
} from '@assent/core/reports';
import type { AbTestMetric, AbTestVariant } from '@assent/core/reports';
import { Callout, Card, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useClient, useNow } from '../app/ServicesContext';
import { ReportFailure } from '../property-form/PropertyReport';
import { REPORT } from '../property-form/copy';

/** The A/B tab's own words (the spec has none: docs/decisions.md). */
export const AB_COPY = {
  table: 'A/B test results',
  verdict: 'A/B test verdict',
  control: 'control',
  winner: 'Winner',
  noWinner: 'No winner yet',
  traffic: (share: number) => `${share}% of traffic`,
  versus: (control: string) => `vs ${control}`,
} as const;

/** A configured variant of the site (abTestingSitesCollection): its name, theme and share. */
interface ConfiguredVariant {
  name: string;
  themeId?: string;
  traffic?: number;
}

const configuredVariants = (
  collections: ReadonlyArray<Record<string, unknown>>,
): ConfiguredVariant[] =>
  collections.flatMap((c) =>
    typeof c.name === 'string'
      ? [
          {
            name: c.name,
            ...(typeof c.themeId === 'string' ? { themeId: c.themeId } : {}),
            ...(typeof c.traffic === 'number' ? { traffic: c.traffic } : {}),
          },
        ]
      : [],
  );

const formatValue = (metric: AbTestMetric, value: number | null | undefined): string =>
  isPercentMetric(metric)
    ? formatPercent(value, CUSTOM_REPORT_PERCENT_DECIMALS)
    : formatCompactNumber(value);

/**
 * The A/B Testing tab of a site: each variant's metrics over the last 30 days, the others' difference
 * from the control with the z-test's significance for the rates, and which theme wins.
 */
export function AbTestingPanel({
  pCode,
  siteId,
  collections,
}: {
  pCode: string;
  siteId: string;
  /** The site's abTestingSitesCollection: names, themes and traffic shares of the variants. */
  collections: ReadonlyArray<Record<string, unknown>>;
}) {
  const client = useClient();
  const now = useNow();
  const range = useMemo(() => dashboardPresetRange('last30Days', now()), [now]);
  const report = useQuery(abTestQuery(client, pCode, { propertyId: siteId, ...range }));
  const themes = useQuery(themesQuery(client, pCode, 'SITE'));
  useEffect(() => {
    if (report.error) console.error('Assent: the A/B test report failed', report.error);
  }, [report.error]);

  if (report.isPending) return <Spinner size={24} aria-label="Loading the A/B test report" />;
  if (report.isError) return <ReportFailure pCode={pCode} />;
  const configured = configuredVariants(collections);
  const themeName = (themeId: string | undefined) =>
    themes.data?.find((t) => t.themeId === themeId)?.themeName ?? themeId;
  const { variants, control, winner } = report.data;
  return (
    <Card className="assent-report-card">
      <H3>{REPORT.abTab}</H3>
      <p className="assent-muted">
        {SITE_REPORT_PERIOD} ({range.startDate} – {range.endDate})
      </p>
      <Callout
        role="status"
        aria-label={AB_COPY.verdict}
        intent={winner ? 'success' : 'none'}
        title={winner ? `${AB_COPY.winner}: ${winner}` : AB_COPY.noWinner}
      >
        {abTestVerdict(report.data)}
      </Callout>
      {variants.length > 0 ? (
        <HTMLTable
          compact
          striped
          className="assent-fill assent-ab-table"
          aria-label={AB_COPY.table}
        >
          <thead>
            <tr>
              <th scope="col">{REPORT.metric}</th>
              {variants.map((v) => {
                const info = configured.find((c) => c.name === v.variant);
                return (
                  <th scope="col" key={v.variant}>
                    {v.variant}
                    {v.variant === control ? ` (${AB_COPY.control})` : ''}
                    {info ? (
                      <div className="assent-muted">
                        {[
                          themeName(info.themeId),
                          info.traffic === undefined ? undefined : AB_COPY.traffic(info.traffic),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {AB_TEST_METRICS.map((metric) => (
              <tr key={metric}>
                <th scope="row">{catalogueDisplayName(metric)}</th>
                {variants.map((v) => (
                  <td key={v.variant}>
                    <VariantCell metric={metric} variant={v} control={control ?? ''} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
    </Card>
  );
}

function VariantCell({
  metric,
  variant,
  control,
}: {
  metric: AbTestMetric;
  variant: AbTestVariant;
  control: string;
}) {
  const test = variant.significance?.[metric];
  return (
    <>
      <div>{formatValue(metric, variant.metrics[metric])}</div>
      {variant.difference ? (
        <div className="assent-muted">
          {formatAbDifference(metric, variant.difference[metric])} {AB_COPY.versus(control)}
        </div>
      ) : null}
      {test ? (
        <div className={test.significant ? 'assent-ab-significant' : 'assent-muted'}>
          {abSignificanceLabel(test)}
        </div>
      ) : null}
    </>
  );
}
