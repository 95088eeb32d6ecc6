import type { ReportGranularity } from '@assent/core/reports';
import {
  CREATE_CUSTOM_REPORT,
  GO_TO_REPORTS,
  goToReportsPath,
  GRANULARITY_LABELS,
  offeredDimensions,
  offeredMetrics,
  ReportGranularity as Granularities,
  RUN_REPORT,
  SCHEDULE_REPORT,
  saveButtonLabel,
  scheduleFormFor,
} from '@assent/core/reports';
import { Button, Callout, Card, H2, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNow } from '../../app/ServicesContext';
import { errorMessage } from '../../components/alerts';
import { Loading } from '../../components/Loading';
import { FieldChecklist } from './FieldChecklist';
import { ReportFilters } from './ReportFilters';
import { ReportResults } from './ReportResults';
import { SaveReportDialog } from './SaveReportDialog';
import { ScheduleReportDialog } from './ScheduleReportDialog';
import { TimeFilter } from './TimeFilter';
import type { ReportBuilderProps } from './use-report-builder';
import { useReportBuilder } from './use-report-builder';
import './report-builder.css';

export const DIMENSIONS_LABEL = 'Dimensions';
export const METRICS_LABEL = 'Metrics';
export const GRANULARITY_LABEL = 'Granularity';

/**
 * The Analytics tab's 'Create your Custom Report' (reports-and-account §2, §4): dimensions,
 * metrics (the GBC and Users categories only with their dimension), filters with the Time filter,
 * granularity (chosen by core when the period changes), Run Report with its results, Save Report
 * (or Edit Report for a loaded report_id) and the Schedule Report modal. Every rule is core's
 * reducer; this component renders its state and runs the calls it asks for.
 */
export function ReportBuilder(props: ReportBuilderProps) {
  const { pCode, propertyIds } = props;
  const now = useNow();
  const { state, dispatch, catalogue, filterChoices, names, report } = useReportBuilder(props);
  const [saveOpen, setSaveOpen] = useState(false);
  const { draft } = state;
  const scope = { pCode, propertyIds };
  const saveLabel = saveButtonLabel(state);
  const busy = state.status === 'running' || state.status === 'saving';
  const goTo = goToReportsPath(state, pCode);

  if (report.pending) return <Loading />;

  // The save dialog stays open until the save is sent; its issues are the reducer's.
  const saveIssues = saveOpen && state.status === 'idle' ? state.issues : [];
  if (saveOpen && state.status !== 'idle' && state.status !== 'saving') setSaveOpen(false);
  const builderIssues = !saveOpen && state.status === 'idle' ? state.issues : [];

  return (
    <div className="assent-report-builder">
      {report.error ? (
        <Callout intent="danger" role="alert">
          {errorMessage(report.error)}
        </Callout>
      ) : null}
      {state.status === 'saved' ? (
        <Callout intent="success" role="status" className="assent-report-notice">
          <span>{state.message}</span> {goTo ? <Link to={goTo}>{GO_TO_REPORTS}</Link> : null}
        </Callout>
      ) : null}
      {state.status === 'saveFailed' || state.status === 'runFailed' ? (
        <Callout intent="danger" role="alert" className="assent-report-notice">
          {state.message}
        </Callout>
      ) : null}
      <Card>
        <H2>{CREATE_CUSTOM_REPORT}</H2>
        {state.editing ? (
          <p className="assent-muted" data-testid="edited-report">
            {state.editing.name}
          </p>
        ) : null}
        <div className="assent-builder-fields">
          <FieldChecklist
            label={DIMENSIONS_LABEL}
            entries={offeredDimensions(catalogue)}
            chosen={draft.dimensions}
            onChange={(dimensions) => dispatch({ type: 'setDimensions', dimensions, catalogue })}
          />
          <FieldChecklist
            label={METRICS_LABEL}
            entries={offeredMetrics(catalogue, draft.dimensions)}
            chosen={draft.metrics}
            onChange={(metrics) => dispatch({ type: 'setMetrics', metrics })}
          />
        </div>
        <h3 className="assent-builder-heading">Filters</h3>
        <TimeFilter
          value={draft.timePeriod}
          onChange={(timePeriod) => dispatch({ type: 'setTimePeriod', timePeriod })}
          pCode={pCode}
          now={now()}
        />
        <ReportFilters
          choices={filterChoices}
          filters={draft.filters}
          onChange={(filters) => dispatch({ type: 'setFilters', filters })}
        />
        <RadioGroup
          label={GRANULARITY_LABEL}
          inline
          selectedValue={draft.granularity ?? ''}
          onChange={(e) =>
            dispatch({
              type: 'setGranularity',
              granularity: e.currentTarget.value as ReportGranularity,
            })
          }
        >
          {Granularities.options.map((g) => (
            <Radio key={g} value={g} label={GRANULARITY_LABELS[g]} />
          ))}
        </RadioGroup>
        {builderIssues.map((i) => (
          <Callout key={`${i.field}-${i.rule}`} intent="danger" compact role="alert">
            {i.message}
          </Callout>
        ))}
        <div className="assent-builder-actions">
          <Button
            intent="primary"
            text={RUN_REPORT}
            loading={state.status === 'running'}
            disabled={busy}
            onClick={() => dispatch({ type: 'run', now: now(), ...scope })}
          />
          <Button
            text={saveLabel}
            disabled={busy}
            onClick={() => {
              dispatch({ type: 'dismissNotice' });
              setSaveOpen(true);
            }}
          />
          <Button
            text={SCHEDULE_REPORT}
            disabled={busy}
            onClick={() => {
              dispatch({ type: 'dismissNotice' });
              dispatch({ type: 'openSchedule' });
            }}
          />
        </div>
      </Card>
      {state.lastRun ? (
        <Card>
          <ReportResults
            run={state.lastRun}
            catalogue={catalogue}
            names={names}
            reportName={state.editing?.name}
            now={now}
          />
        </Card>
      ) : null}
      {saveOpen ? (
        <SaveReportDialog
          title={saveLabel}
          initialName={state.editing?.name ?? ''}
          issues={saveIssues}
          pending={state.status === 'saving'}
          onSave={(name) => dispatch({ type: 'save', name, ...scope })}
          onClose={() => setSaveOpen(false)}
        />
      ) : null}
      {state.status === 'scheduling' ||
      (state.status === 'saving' && state.reportType === 'scheduled') ? (
        <ScheduleReportDialog
          form={state.status === 'scheduling' ? state.form : scheduleFormFor(state.request.body)}
          issues={state.status === 'scheduling' ? state.issues : []}
          pending={state.status === 'saving'}
          onChange={(form) => dispatch({ type: 'editSchedule', form })}
          onSubmit={() => dispatch({ type: 'submitSchedule', ...scope })}
          onClose={() => dispatch({ type: 'closeSchedule' })}
        />
      ) : null}
    </div>
  );
}
