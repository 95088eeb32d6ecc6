import { formatUtcDateTime } from '@assent/core';
import { NO_HISTORY, changeAuthor, formatChangeValue } from '@assent/core/history';
import type { ChangeEntry, FieldChange, HistoryEntityType } from '@assent/core/history';
import { historyQuery } from '@assent/core/queries';
import { Button, Callout, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import {
  HIDE_SETTINGS,
  HISTORY_ACTIONS,
  HISTORY_COLUMNS,
  HISTORY_LOAD_FAILED,
  HISTORY_TITLE,
  SHOW_SETTINGS,
  settingsSummary,
} from './copy';

export interface ChangeHistoryProps {
  pCode: string;
  entityType: HistoryEntityType;
  /** A property's uuid or a theme's id. */
  entityId: string;
}

const COLUMNS = Object.keys(HISTORY_COLUMNS) as Array<keyof typeof HISTORY_COLUMNS>;

/** A field's change as three cells: its name, the old value and the new one (as text, never HTML). */
function FieldCells({ change }: { change: FieldChange }) {
  return (
    <>
      <td className="assent-history-field">
        <code>{change.field}</code>
      </td>
      <td className="assent-history-value">{formatChangeValue(change.from)}</td>
      <td className="assent-history-value">{formatChangeValue(change.to)}</td>
    </>
  );
}

/**
 * One change: its first row carries when, who and what (spanning its fields' rows), then one row
 * per changed field. A creation or deletion lists every setting, so its fields are folded behind
 * a summary until shown.
 */
function EntryRows({ entry }: { entry: ChangeEntry }) {
  const folds = entry.action !== 'UPDATE' && entry.changes.length > 0;
  const [open, setOpen] = useState(false);
  const shown = folds && !open ? [] : entry.changes;
  const span = folds ? 1 + shown.length : Math.max(1, entry.changes.length);
  const lead = (
    <>
      <td rowSpan={span}>{formatUtcDateTime(new Date(entry.at))}</td>
      <td rowSpan={span}>{changeAuthor(entry)}</td>
      <td rowSpan={span}>{HISTORY_ACTIONS[entry.action]}</td>
    </>
  );
  if (!folds) {
    const [first, ...rest] = entry.changes;
    return (
      <>
        <tr>
          {lead}
          {first ? <FieldCells change={first} /> : <td colSpan={3} />}
        </tr>
        {rest.map((change) => (
          <tr key={change.field}>
            <FieldCells change={change} />
          </tr>
        ))}
      </>
    );
  }
  return (
    <>
      <tr>
        {lead}
        <td colSpan={3}>
          {settingsSummary(entry.changes.length, entry.action as 'CREATE' | 'DELETE')}{' '}
          <Button
            variant="minimal"
            size="small"
            text={open ? HIDE_SETTINGS : SHOW_SETTINGS}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          />
        </td>
      </tr>
      {shown.map((change) => (
        <tr key={change.field}>
          <FieldCells change={change} />
        </tr>
      ))}
    </>
  );
}

/**
 * The change history of a property or a theme, newest first, a page at a time: when, who (the
 * e-mail, with a token's name or 'bulk update'), what, and each changed field's old and new value.
 */
export function ChangeHistory({ pCode, entityType, entityId }: ChangeHistoryProps) {
  const client = useClient();
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(client, pCode, { entityType, entityId, page: page - 1 }));
  if (history.isError)
    return (
      <Callout intent="danger" role="alert">
        {HISTORY_LOAD_FAILED}
      </Callout>
    );
  if (!history.data) return <Loading />;
  const { items, total, size } = history.data;
  if (total === 0) return <NonIdealState title={NO_HISTORY} />;
  const pageCount = Math.max(1, Math.ceil(total / size));
  return (
    <section className="assent-history" aria-label={HISTORY_TITLE}>
      <HTMLTable compact bordered className="assent-history-table" aria-label={HISTORY_TITLE}>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col">
                {HISTORY_COLUMNS[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <Fragment key={entry.id}>
              <EntryRows entry={entry} />
            </Fragment>
          ))}
        </tbody>
      </HTMLTable>
      {pageCount > 1 ? (
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={HISTORY_TITLE} />
      ) : null}
    </section>
  );
}
