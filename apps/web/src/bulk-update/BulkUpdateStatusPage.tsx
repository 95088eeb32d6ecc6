import { formatUtcDateTime } from '@assent/core';
import {
  bulkUpdateCounts,
  bulkUpdateProgressStatus,
  bulkUpdateStatusFailure,
  isBulkUpdateRefreshDisabled,
  showBulkUpdateSpinner,
} from '@assent/core/reports';
import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { BackLink } from '../components/BackLink';
import { PageLayout } from '../components/PageLayout';
import { BACK_TO_PROPERTIES } from '../components/Placeholder';
import { BULK_STATUS_TITLE, STATUS } from './copy';
import { useBulkUpdateStatus } from './use-bulk-update-status';
import './bulk-update.css';

/**
 * The bulk update status page (reports-and-account §2, §4, §8): RUNNING until the job is
 * SUCCESSFUL or FAILED, then COMPLETED; who started it and when; updated, failed and pending of
 * the total; the properties not updated with their reasons; Refresh (disabled once completed)
 * and a spinner while the job is not done.
 */
export default function BulkUpdateStatusPage() {
  const { pCode } = useAccount();
  const status = useBulkUpdateStatus(pCode);
  const job = status.data?.job;

  const content = () => {
    if (status.isPending) return <Spinner aria-label="Loading the bulk update status" />;
    if (status.isError) {
      const failure = bulkUpdateStatusFailure(status.error);
      return (
        <Callout intent="danger" role="alert" title={failure.title}>
          {failure.message}
        </Callout>
      );
    }
    if (!job) return <NonIdealState title={STATUS.none} />;
    const shown = bulkUpdateProgressStatus(job.status);
    return (
      <>
        <dl className="assent-bulk-status">
          <dt>{STATUS.status}</dt>
          <dd>
            <Tag
              large
              minimal
              intent={shown === 'COMPLETED' ? 'success' : 'primary'}
              data-testid="bulk-status"
            >
              {shown}
            </Tag>
            {showBulkUpdateSpinner(job.done) ? (
              <Spinner size={16} aria-label="The bulk update is running" />
            ) : null}
          </dd>
          <dt>{STATUS.initiatedBy}</dt>
          <dd>{job.initiatedBy}</dd>
          <dt>{STATUS.startedAt}</dt>
          <dd>{formatUtcDateTime(new Date(job.startedAt))}</dd>
          <dt>{STATUS.lastUpdatedOn}</dt>
          <dd>{formatUtcDateTime(new Date(job.lastUpdatedOn))}</dd>
        </dl>
        <ul className="assent-bulk-counts" data-testid="bulk-counts">
          {bulkUpdateCounts(job).map((c) => (
            <li key={c.label}>{STATUS.progress(c.label, c.count, c.total)}</li>
          ))}
        </ul>
        {job.failed.length > 0 ? (
          <section aria-labelledby="bulk-failures">
            <h2 id="bulk-failures" className="assent-form-card-title">
              {STATUS.failures}
            </h2>
            <HTMLTable compact striped aria-labelledby="bulk-failures">
              <thead>
                <tr>
                  <th scope="col">{STATUS.failureProperty}</th>
                  <th scope="col">{STATUS.failureField}</th>
                  <th scope="col">{STATUS.failureReason}</th>
                </tr>
              </thead>
              <tbody>
                {job.failed.map((f, i) => (
                  <tr key={`${f.siteId}-${f.field}-${i}`}>
                    <td>{f.identifier}</td>
                    <td>{f.field || '—'}</td>
                    <td>{f.message}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </section>
        ) : null}
      </>
    );
  };

  return (
    <PageLayout
      title={BULK_STATUS_TITLE}
      before={<BackLink to={paths.properties(pCode)} text={BACK_TO_PROPERTIES} />}
      actions={
        <Button
          icon={<RefreshIcon />}
          text={STATUS.refresh}
          loading={status.isFetching}
          disabled={!job || isBulkUpdateRefreshDisabled(job.status)}
          onClick={() => void status.refetch()}
        />
      }
    >
      {content()}
    </PageLayout>
  );
}
