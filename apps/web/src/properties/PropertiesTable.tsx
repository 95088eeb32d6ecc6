import { formatPercent } from '@assent/core';
import {
  OLD_SDK_VERSION_LABEL,
  PROPERTY_LIST_COLUMNS,
  PROPERTY_STATUS_LABELS,
  PROPERTY_TYPE_LABELS,
  cmpVersionLabel,
  consentRateNotApplicable,
  listConsentRate,
  propertyIdentifier,
  propertyStatus,
} from '@assent/core/property';
import type { PropertyListColumn, PropertyListRow } from '@assent/core/property';
import type { PropertyAnalytics } from '@assent/core/reports';
import { HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { PropertyDialog } from './dialogs';
import { RowActions } from './RowActions';

export interface PropertiesTableProps {
  pCode: string;
  rows: PropertyListRow[];
  /** Analytics of the shown rows by uuid; undefined while they load. */
  analytics: Record<string, PropertyAnalytics> | undefined;
  analyticsPending: boolean;
  onDialog: (dialog: PropertyDialog) => void;
}

type Cell = (item: PropertyListRow, props: PropertiesTableProps) => ReactNode;

/** How each column renders a row; keyed by the core's column list so none is forgotten. */
const CELLS: Record<PropertyListColumn, Cell> = {
  status: (item) => {
    const status = propertyStatus(item);
    return (
      <Tag minimal intent={status === 'active' ? 'success' : 'warning'}>
        {PROPERTY_STATUS_LABELS[status]}
      </Tag>
    );
  },
  property: (item) => (
    <span className="assent-property-name">
      <strong>{propertyIdentifier(item)}</strong>
      {item.publisherName ? <span className="assent-muted">{item.publisherName}</span> : null}
    </span>
  ),
  regulation: (item) => item.regulation,
  theme: (item) => item.themeName ?? item.themeId,
  consentRate: (item, { analytics, analyticsPending }) => {
    if (consentRateNotApplicable(item.cmpVersion)) return OLD_SDK_VERSION_LABEL;
    if (analyticsPending && !analytics) return <Spinner size={14} aria-label="Loading" />;
    return formatPercent(listConsentRate(analytics?.[item.uuid]));
  },
  cmpVersion: (item) => cmpVersionLabel(item.cmpVersion),
  type: (item) => PROPERTY_TYPE_LABELS[item.propertyType],
  actions: (item, { pCode, onDialog }) => (
    <RowActions pCode={pCode} item={item} onDialog={onDialog} />
  ),
};

/** The properties table: status, property, regulation, theme, consent rate, CMP version, type, actions. */
export function PropertiesTable(props: PropertiesTableProps) {
  return (
    <div className="assent-table-wrap">
      <HTMLTable className="assent-properties-table" striped interactive>
        <thead>
          <tr>
            {PROPERTY_LIST_COLUMNS.map((column) => (
              <th key={column.key} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((item) => (
            <tr key={item.uuid}>
              {PROPERTY_LIST_COLUMNS.map((column) => (
                <td key={column.key} data-column={column.key}>
                  {CELLS[column.key](item, props)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
