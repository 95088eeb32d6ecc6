import { formatBytes, formatInstant } from '@assent/core';
import type {
  ReportJob,
  ReportRowAction,
  ReportStatusColor,
  ReportType,
} from '@assent/core/reports';
import {
  DELETE_REPORT_CONFIRMATION,
  DELETE_REPORT_TITLE,
  filterReportsByName,
  NO_REPORTS_FOUND,
  pauseResumeRequest,
  REPORT_DELETED,
  REPORT_TYPE_LIST_LABELS,
  REPORT_TYPE_QUERY_KEY,
  REPORT_UPDATED,
  reportRowActions,
  reportsPagePath,
  reportNextRunText,
  reportStatusDisplay,
  reportTypeFromQuery,
  ReportType as ReportTypes,
  SCHEDULE_FREQUENCY_LABELS,
  VIEW_REPORTS_DASHBOARD,
} from '@assent/core/reports';
import { reportJobKeys, reportJobsQuery } from '@assent/core/queries';
import type { Intent } from '@blueprintjs/core';
import { DownloadIcon, SearchIcon } from '@blueprintjs/icons';
import {
  AnchorButton,
  Button,
  Callout,
  HTMLTable,
  InputGroup,
  SegmentedControl,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useClient } from '../../app/ServicesContext';
import { errorMessage, useAlerts } from '../../components/alerts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { PageLayout } from '../../components/PageLayout';
import './saved-reports.css';

export const SAVED_REPORTS_TITLE = 'Saved Reports';
export const SEARCH_REPORTS_LABEL = 'Search by name';
export const REPORT_TYPE_TOGGLE_LABEL = 'Report type';
export const ACTION_LABELS: Record<ReportRowAction, string> = {
  edit: 'Edit',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
};
export const DOWNLOAD_REPORT = 'Download';

/** The spec's status colours as Blueprint intents: orange, blue, green, red. */
const STATUS_INTENTS: Record<ReportStatusColor, Intent> = {
  orange: 'warning',
  blue: 'primary',
  green: 'success',
  red: 'danger',
};

const dash = '-';

/**
 * /protect/p-{pCode}/reports/view-reports?report_type=scheduled|on_demand (reports-and-account §2):
 * the saved reports of one type (on demand unless the query says scheduled; the toggle updates the
 * query), searched by name (core's `filterReportsByName`), each name opening the report in the
 * builder; Edit, Pause and Resume for scheduled reports, Delete (confirmed) and the finished
 * file's download for on-demand ones.
 */
export function SavedReports({ pCode }: { pCode: string }) {
  const client = useClient();
  const [search, setSearch] = useSearchParams();
  const type = reportTypeFromQuery(search.get(REPORT_TYPE_QUERY_KEY));
  const [name, setName] = useState('');
  const reports = useQuery(reportJobsQuery(client, pCode, type));
  const rows = reports.data ? filterReportsByName(reports.data, name) : [];

  const setType = (next: ReportType) =>
    setSearch(
      (params) => {
        params.set(REPORT_TYPE_QUERY_KEY, next);
        return params;
      },
      { replace: true },
    );

  return (
    <PageLayout
      title={SAVED_REPORTS_TITLE}
      actions={<Link to={reportsPagePath(pCode)}>{VIEW_REPORTS_DASHBOARD}</Link>}
    >
      <div className="assent-saved-reports-bar">
        <SegmentedControl
          aria-label={REPORT_TYPE_TOGGLE_LABEL}
          value={type}
          onValueChange={(v) => setType(v as ReportType)}
          options={[ReportTypes.enum.scheduled, ReportTypes.enum.on_demand].map((t) => ({
            value: t,
            label: REPORT_TYPE_LIST_LABELS[t],
          }))}
        />
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          aria-label={SEARCH_REPORTS_LABEL}
          placeholder={SEARCH_REPORTS_LABEL}
          value={name}
          onValueChange={setName}
        />
      </div>
      {reports.isPending ? <Loading /> : null}
      {reports.isError ? (
        <Callout intent="danger" role="alert">
          {errorMessage(reports.error)}
        </Callout>
      ) : null}
      {reports.data ? <ReportsTable pCode={pCode} type={type} rows={rows} /> : null}
    </PageLayout>
  );
}

function StatusTag({ status }: { status: string | null }) {
  const shown = reportStatusDisplay(status);
  if (!shown.color) return <span>{shown.label}</span>;
  return (
    <Tag intent={STATUS_INTENTS[shown.color]} data-color={shown.color} minimal={false}>
      {shown.label}
    </Tag>
  );
}

function ReportsTable({
  pCode,
  type,
  rows,
}: {
  pCode: string;
  type: ReportType;
  rows: ReportJob[];
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<ReportJob | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportJobKeys.account(pCode) });

  const pauseResume = useMutation({
    mutationFn: (job: ReportJob) => {
      const { jobId, active } = pauseResumeRequest(job);
      return client.analytics.setJobActive({ params: { pCode, jobId }, query: { active } });
    },
    onSuccess: async () => {
      await refresh();
      alerts.show(REPORT_UPDATED, 'success');
    },
    onError: (error) => alerts.error(error, 'pausing or resuming a report'),
  });
  const remove = useMutation({
    mutationFn: (job: ReportJob) =>
      client.analytics.deleteJob({ params: { pCode, jobId: job.id } }),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
      alerts.show(REPORT_DELETED, 'success');
    },
  });

  const scheduled = type === 'scheduled';
  const act = (action: ReportRowAction, job: ReportJob) => {
    if (action === 'edit') void navigate(reportsPagePath(pCode, job.id));
    else if (action === 'delete') {
      remove.reset();
      setDeleting(job);
    } else pauseResume.mutate(job);
  };

  return (
    <>
      <HTMLTable
        striped
        className="assent-saved-reports"
        aria-label={REPORT_TYPE_LIST_LABELS[type]}
      >
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            {scheduled ? (
              <>
                <th scope="col">Frequency</th>
                <th scope="col">Start Date</th>
                <th scope="col">End Date</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Recipients</th>
                <th scope="col">Next run</th>
              </>
            ) : (
              <>
                <th scope="col">Period</th>
                <th scope="col">Size</th>
                <th scope="col">Last run</th>
                <th scope="col">File</th>
              </>
            )}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={scheduled ? 9 : 7}>{NO_REPORTS_FOUND}</td>
            </tr>
          ) : null}
          {rows.map((job) => (
            <tr key={job.id}>
              <td>
                <Link to={reportsPagePath(pCode, job.id)}>{job.name}</Link>
              </td>
              <td>
                <StatusTag status={job.status} />
              </td>
              {scheduled ? (
                <>
                  <td>{job.frequency ? SCHEDULE_FREQUENCY_LABELS[job.frequency] : dash}</td>
                  <td>{job.scheduleInfo?.startDate ?? dash}</td>
                  <td>{job.scheduleInfo?.endDate ?? dash}</td>
                  <td>{job.scheduleInfo?.time ?? dash}</td>
                  <td>{job.recipients.length ? job.recipients.join(', ') : dash}</td>
                  <td>{reportNextRunText(job, formatInstant)}</td>
                </>
              ) : (
                <>
                  <td>
                    {job.startDate && job.endDate ? `${job.startDate} – ${job.endDate}` : dash}
                  </td>
                  <td>
                    {job.size === null || job.size === undefined ? dash : formatBytes(job.size)}
                  </td>
                  <td>{formatInstant(job.lastRunAt)}</td>
                  <td>
                    {job.status === 'COMPLETED' && job.fileUrl ? (
                      <AnchorButton
                        href={job.fileUrl}
                        download
                        icon={<DownloadIcon />}
                        variant="minimal"
                        text={DOWNLOAD_REPORT}
                        aria-label={`${DOWNLOAD_REPORT} ${job.name}`}
                      />
                    ) : (
                      dash
                    )}
                  </td>
                </>
              )}
              <td className="assent-row-actions">
                {reportRowActions(job.type, job.status).map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant="minimal"
                    intent={action === 'delete' ? 'danger' : 'none'}
                    text={ACTION_LABELS[action]}
                    aria-label={`${ACTION_LABELS[action]} ${job.name}`}
                    loading={
                      (action === 'pause' || action === 'resume') &&
                      pauseResume.isPending &&
                      pauseResume.variables.id === job.id
                    }
                    onClick={() => act(action, job)}
                  />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={DELETE_REPORT_TITLE}
        confirmText="Yes"
        cancelText="No"
        intent="danger"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{DELETE_REPORT_CONFIRMATION}</p>
      </ConfirmDialog>
    </>
  );
}
