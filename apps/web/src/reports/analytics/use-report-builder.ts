import type {
  ReportCatalogue,
  ReportBuilderAction,
  ReportBuilderState,
  ReportFilterChoice,
  ReportValueNames,
} from '@assent/core/reports';
import {
  customReportRows,
  DEFAULT_REPORT_CATALOGUE,
  initialReportBuilderState,
  REPORT_FILTER_CHOICES,
  reportBuilderReducer,
  reportValueNames,
  themeFilterChoices,
} from '@assent/core/reports';
import {
  reportCatalogueQuery,
  reportJobKeys,
  reportJobQuery,
  reportPropertiesQuery,
  reportThemesQuery,
} from '@assent/core/queries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useServices } from '../../app/ServicesContext';

export interface ReportBuilderProps {
  pCode: string;
  /** The analytics ids of the properties selected at the top of the reports page. */
  propertyIds: string[];
  /** A saved report to load and edit (the page's report_id). */
  reportId?: string | undefined;
}

export interface ReportBuilderModel {
  state: ReportBuilderState;
  dispatch: Dispatch<ReportBuilderAction>;
  catalogue: ReportCatalogue;
  /** The filters offered besides Time: core's fixed choices, then the account's themes and the theme languages. */
  filterChoices: ReportFilterChoice[];
  /** The names results show for theme, property and language ids. */
  names: ReportValueNames;
  /** Loading the report of report_id, or its failure. */
  report: { pending: boolean; error: unknown };
}

/**
 * The builder's state (core's reducer) and the calls its states ask for: `running` runs the report,
 * `saving` creates (POST) or updates (PUT) the job. A report_id loads the saved report into the
 * draft. The catalogue comes from GET /analytics/v1/metadata (core's default until it answers).
 */
export function useReportBuilder({ pCode, reportId }: ReportBuilderProps): ReportBuilderModel {
  const { client, preloadPlot } = useServices();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reportBuilderReducer, undefined, initialReportBuilderState);
  const catalogue = useQuery(reportCatalogueQuery(client));
  const themes = useQuery(reportThemesQuery(client, pCode));
  // The reports page's own list (cached): the results name properties by url.
  const properties = useQuery(reportPropertiesQuery(client, pCode));
  const names = useMemo(
    () => reportValueNames({ themes: themes.data, properties: properties.data }),
    [themes.data, properties.data],
  );
  const report = useQuery({
    ...reportJobQuery(client, pCode, reportId ?? ''),
    enabled: Boolean(reportId),
  });

  useEffect(() => {
    if (report.data) dispatch({ type: 'loadReport', job: report.data });
  }, [report.data]);

  // The results' chart is plotly's (about 1 MB): its chunk loads while the user builds the report,
  // as the dashboard's does, so the chart is drawn with the results instead of a 'Loading...' after
  // them (a saved report's link opens this tab without the dashboard).
  useEffect(preloadPlot, [preloadPlot]);

  const running = state.status === 'running' ? state.payload : undefined;
  // Each request is sent once (a ref, not effect clean-up: StrictMode runs effects twice); the
  // reducer ignores an outcome that arrives in another state.
  const sent = useRef<unknown>(undefined);
  useEffect(() => {
    if (!running || sent.current === running) return;
    sent.current = running;
    const { pCode: account, ...body } = running;
    client.analytics.runReport({ params: { pCode: account }, body }).then(
      (response) => dispatch({ type: 'runSucceeded', rows: customReportRows(response) }),
      (error: unknown) => {
        console.error('Assent: the custom report did not run', error);
        dispatch({ type: 'runFailed', error });
      },
    );
  }, [client, running]);

  const saving = state.status === 'saving' ? state.request : undefined;
  useEffect(() => {
    if (!saving || sent.current === saving) return;
    sent.current = saving;
    const write = saving.jobId
      ? client.analytics.updateJob({ params: { pCode, jobId: saving.jobId }, body: saving.body })
      : client.analytics.createJob({ params: { pCode }, body: saving.body });
    write.then(
      (response) => {
        void queryClient.invalidateQueries({ queryKey: reportJobKeys.account(pCode) });
        dispatch({ type: 'saveSucceeded', message: response.message });
      },
      (error: unknown) => {
        console.error('Assent: the report was not saved', error);
        dispatch({ type: 'saveFailed', error });
      },
    );
  }, [client, queryClient, pCode, saving]);

  const catalogueOrDefault = catalogue.data ?? DEFAULT_REPORT_CATALOGUE;
  return {
    state,
    dispatch,
    catalogue: catalogueOrDefault,
    filterChoices: [
      ...REPORT_FILTER_CHOICES,
      ...themeFilterChoices(themes.data ?? [], catalogueOrDefault),
    ],
    names,
    report: { pending: Boolean(reportId) && report.isPending, error: report.error },
  };
}
