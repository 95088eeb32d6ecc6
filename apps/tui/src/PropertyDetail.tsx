import { formatPercent } from '@assent/core';
import type { PropertyListItem } from '@assent/core/property';
import {
  PROPERTY_STATUS_LABELS,
  SITE_REPORT_PERIOD,
  propertyIdentifier,
  propertyStatus,
} from '@assent/core/property';
import {
  propertyAnalyticsQuery,
  propertyAnalyticsRange,
  propertyTrendQuery,
  tagQuery,
} from '@assent/core/queries';
import {
  PROPERTY_REPORT_ROWS,
  formatAppReportPercent,
  propertyAnalyticsSections,
  propertyReportCell,
  propertyTrend,
} from '@assent/core/reports';
import type { AssentClient } from '@assent/core/api';
import type { TagType } from '@assent/core/tags';
import { useQuery } from '@tanstack/react-query';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { trendChartLines } from './chart';
import { Field, LABEL_CELLS, describeError, yesNo } from './parts';
import type { ScrollRange } from './ScrollPane';
import { ScrollPane } from './ScrollPane';
import type { Palette } from './terminal';
import { fit } from './terminal';

export const TAG_TYPES: readonly TagType[] = ['site', 'universal', 'amp'];
export const TAG_LABELS: Record<TagType, string> = {
  site: 'Site tag',
  universal: 'Universal tag',
  amp: 'AMP tag',
};

export const tagInput = (pCode: string, type: TagType, property: PropertyListItem | undefined) => ({
  pCode,
  type,
  ...(type === 'universal' ? {} : { id: property?.uuid }),
});

/** What the tag view shows and `c` copies: the snippet, then the AMP styles block (as `assent tag`). */
export const tagText = (tag: { snippet: string; styles?: string | null }): string =>
  tag.styles ? `${tag.snippet}\n${tag.styles}` : tag.snippet;

/** The tag cut into lines of `width`, at most `max` of them (the last says how much is left). */
export function tagLines(text: string, width: number, max: number): string[] {
  const lines = text
    .split('\n')
    .flatMap((line) => line.match(new RegExp(`.{1,${Math.max(1, width)}}`, 'g')) ?? ['']);
  if (lines.length <= max) return lines;
  return [
    ...lines.slice(0, Math.max(0, max - 1)),
    `… ${lines.length - max + 1} more lines: c copies the whole tag`,
  ];
}

/** The keys of the property detail, on its last line. */
export const PROPERTY_DETAIL_KEYS = 'j/k scroll  t tag  Esc back';

/**
 * A property's detail: its settings grouped as the console's cards, then its consent analytics
 * over the last 30 days (the site detail's report: per-regulation figures) with Display Count
 * per day drawn as a line chart. Longer than the pane, it scrolls. With `tagType` it shows
 * that tag instead.
 */
export function PropertyDetail({
  property: p,
  client,
  account,
  palette,
  tagType,
  now,
  width,
  height,
  scroll,
  range: scrollRange,
}: {
  property: PropertyListItem;
  client: AssentClient;
  account: string;
  palette: Palette;
  tagType: TagType | null;
  now: () => Date;
  width: number;
  height: number;
  scroll: number;
  range?: ScrollRange | undefined;
}) {
  const range = useMemo(() => propertyAnalyticsRange(now()), [now]);
  const analytics = useQuery(
    propertyAnalyticsQuery(client, { pCode: account, propertyIds: [p.uuid], ...range }),
  );
  const trend = useQuery({
    ...propertyTrendQuery(client, { pCode: account, propertyId: p.uuid, ...range }),
    enabled: tagType === null,
  });
  const tag = useQuery({
    ...tagQuery(client, tagInput(account, tagType ?? 'site', p)),
    enabled: tagType !== null,
  });
  const title = (text: string) => (
    <Text bold color={palette.accent} wrap="truncate-end">
      {text}
    </Text>
  );
  const muted = (text: string) => (
    <Text color={palette.muted} wrap="truncate-end">
      {text}
    </Text>
  );
  const lines: ReactNode[] = [];
  if (tagType) {
    lines.push(title(`${TAG_LABELS[tagType]} of ${propertyIdentifier(p)}`));
    if (tag.isPending) lines.push(muted('Loading the tag…'));
    else if (tag.error)
      lines.push(
        <Text color={palette.error} wrap="truncate-end">
          {describeError(tag.error, '')}
        </Text>,
      );
    else lines.push(...tagLines(tag.data ? tagText(tag.data) : '', width, height - 2));
    lines.push(muted('t next tag  c copy  Esc back'));
    return <ScrollPane lines={lines} height={height} scroll={0} palette={palette} />;
  }

  const heading = (text: string) => <Text bold>{text}</Text>;
  lines.push(
    title(propertyIdentifier(p)),
    heading('General'),
    <Field label="Publisher" value={`${p.publisherName} (${p.publisherCC})`} />,
    <Field label="Type" value={p.propertyTypeLabel} />,
    <Field label="Status" value={PROPERTY_STATUS_LABELS[propertyStatus(p)]} />,
    <Field label="CMP version" value={String(p.cmpVersion)} />,
  );
  if (p.propertyType === 'SITE')
    lines.push(<Field label="Subdomains" value={yesNo(p.applyToSubDomains)} />);
  lines.push(
    heading('Regulation'),
    <Field label="Regulation" value={p.regulation} />,
    <Field label="Privacy modes" value={p.privacyModes.join(', ') || '-'} />,
    <Field label="Consent from" value={p.consentLocations.join(', ') || '-'} />,
    <Field label="Consent scope" value={String(p.consentScope)} />,
    <Field label="Purposes" value={p.purposeIds.join(', ') || '-'} />,
    heading('Theme and Google'),
    <Field label="Theme" value={p.themeName ?? p.themeId} />,
    <Field
      label="Google"
      value={`consent mode ${yesNo(p.googleEnabled)}, basic consent ${yesNo(p.gbcEnabled)}`}
    />,
    <Field label="AMP" value={yesNo(p.ampEnabled)} />,
    heading('Consent analytics'),
    muted(`${SITE_REPORT_PERIOD} (${range.startDate} – ${range.endDate})`),
  );

  // The site report shows percentages with one decimal, the app report with two (as the console).
  const percent =
    p.propertyType === 'APP' ? formatAppReportPercent : (v: number | null) => formatPercent(v);
  const sections = analytics.data?.[p.uuid]
    ? propertyAnalyticsSections(analytics.data[p.uuid]!)
    : [];
  if (analytics.isPending) lines.push(muted('Loading…'));
  else if (analytics.error)
    lines.push(
      <Text color={palette.error} wrap="truncate-end">
        {describeError(analytics.error, '')}
      </Text>,
    );
  else if (sections.length === 0) lines.push(muted('No consent data in the last 30 days.'));
  for (const section of sections) {
    lines.push(<Text bold color={palette.accent}>{`  ${section.label}`}</Text>);
    for (const row of PROPERTY_REPORT_ROWS) {
      if (section.report[row.key] === null) continue;
      lines.push(
        <Text wrap="truncate-end">
          {fit(`    ${row.label}`, LABEL_CELLS + 16)}
          {propertyReportCell(row, section.report, percent)}
        </Text>,
      );
    }
  }

  lines.push(heading('Display Count per day'));
  if (trend.isPending) lines.push(muted('Loading…'));
  else if (trend.error)
    lines.push(
      <Text color={palette.error} wrap="truncate-end">
        {describeError(trend.error, '')}
      </Text>,
    );
  else {
    const days = propertyTrend(trend.data, range);
    if (days.total.some((n) => n > 0)) lines.push(...trendChartLines(days, width, palette));
    else lines.push(muted('No page views in the last 30 days.'));
  }
  lines.push(muted(PROPERTY_DETAIL_KEYS));
  return (
    <ScrollPane
      lines={lines}
      height={height}
      scroll={scroll}
      range={scrollRange}
      palette={palette}
    />
  );
}
