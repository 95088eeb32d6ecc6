import type { SummaryMetric } from '@assent/core/reports';
import {
  catalogueDisplayName,
  comparisonStatus,
  formatComparison,
  summaryCardValue,
} from '@assent/core/reports';
import { Card, Tag } from '@blueprintjs/core';

const INTENT = { positive: 'success', negative: 'danger', neutral: 'none' } as const;

/** A card's value (core's rule). */
export const cardValue = summaryCardValue;

/**
 * The summary cards (reports-and-account §4): each metric's value and its change against the
 * comparison period, coloured by core's status (a rise in bounce or opt-out is negative).
 */
export function SummaryCards({ metrics }: { metrics: readonly SummaryMetric[] }) {
  return (
    <div className="assent-summary-cards">
      {metrics.map((metric) => {
        const title = catalogueDisplayName(metric.fieldName);
        const status = comparisonStatus(metric.fieldName, metric.comparisonPercentage);
        return (
          <Card
            key={metric.fieldName}
            className="assent-summary-card"
            role="group"
            aria-label={title}
            data-status={status}
          >
            <div className="assent-summary-card-title">{title}</div>
            <div className="assent-summary-card-value">{cardValue(metric)}</div>
            <Tag minimal intent={INTENT[status]} aria-label={`Change: ${status}`}>
              {formatComparison(metric.comparisonPercentage)}
            </Tag>
          </Card>
        );
      })}
    </div>
  );
}
