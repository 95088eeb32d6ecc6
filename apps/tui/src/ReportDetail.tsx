import { formatInstant } from '@assent/core';
import type { AssentClient } from '@assent/core/api';
import type { ReportRunState } from '@assent/core/queries';
import { reportPropertiesQuery, reportThemesQuery } from '@assent/core/queries';
import type { ReportJob } from '@assent/core/reports';
import {
  customReportCell,
  customReportColumns,
  reportStatusDisplay,
  reportValueNames,
} from '@assent/core/reports';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { Field } from './parts';
import type { ScrollRange } from './ScrollPane';
import { ScrollPane } from './ScrollPane';
import type { Palette } from './terminal';
import { fit } from './terminal';

/** A saved report's detail, then the result table of its last run here (x runs it). */
export function ReportDetail({
  client,
  account,
  report: r,
  run,
  palette,
  width,
  height,
  scroll,
  range,
}: {
  client: AssentClient;
  account: string;
  report: ReportJob;
  run: ReportRunState | null;
  palette: Palette;
  width: number;
  height: number;
  scroll: number;
  range?: ScrollRange | undefined;
}) {
  const status = reportStatusDisplay(r.status);
  const mine = run && run.jobId === r.id ? run : null;
  // Theme and property ids are shown by name, as in the console's results table.
  const shown = mine?.status === 'done';
  const themes = useQuery({ ...reportThemesQuery(client, account), enabled: shown });
  const properties = useQuery({ ...reportPropertiesQuery(client, account), enabled: shown });
  const names = useMemo(
    () => reportValueNames({ themes: themes.data, properties: properties.data }),
    [themes.data, properties.data],
  );
  const lines: ReactNode[] = [
    <Text bold color={palette.accent} wrap="truncate-end">
      {r.name}
    </Text>,
    <Field label="Type" value={r.type} />,
    <Field label="Status" value={status.label} />,
  ];
  if (r.type === 'scheduled')
    lines.push(
      <Field label="Active" value={r.active === false ? 'paused (p resumes)' : 'yes (p pauses)'} />,
    );
  lines.push(
    <Field label="Frequency" value={r.frequency ?? '-'} />,
    <Field label="Period" value={`${r.startDate ?? '-'} to ${r.endDate ?? '-'}`} />,
    <Field label="Last run" value={formatInstant(r.lastRunAt)} />,
    <Field label="Next run" value={formatInstant(r.nextRunAt)} />,
    <Field label="Recipients" value={r.recipients.join(', ') || '-'} />,
  );
  if (r.error)
    lines.push(
      <Text color={palette.error} wrap="truncate-end">
        {r.error}
      </Text>,
    );
  lines.push(<Text bold>Result</Text>);
  if (!mine) lines.push(<Text color={palette.muted}>x runs the report</Text>);
  else if (mine.status === 'running') lines.push(<Text color={palette.muted}>Running…</Text>);
  else if (mine.status === 'failed')
    lines.push(
      <Text color={palette.error} wrap="truncate-end">
        {mine.message}
      </Text>,
    );
  else {
    const columns = customReportColumns(r.query);
    const cells = Math.max(8, Math.floor(width / Math.max(1, columns.length)) - 1);
    lines.push(
      <Text color={palette.muted} wrap="truncate-end">
        {columns.map((c) => fit(c.label, cells)).join(' ')}
      </Text>,
    );
    for (const row of mine.rows)
      lines.push(
        <Text wrap="truncate-end">
          {columns
            .map((c) => fit(customReportCell(c.fieldName, row[c.fieldName], names), cells))
            .join(' ')}
        </Text>,
      );
    lines.push(
      <Text
        color={palette.muted}
      >{`${mine.rows.length} row${mine.rows.length === 1 ? '' : 's'}`}</Text>,
    );
  }
  return (
    <ScrollPane lines={lines} height={height} scroll={scroll} range={range} palette={palette} />
  );
}
