import type { ClickHouseClient } from '@clickhouse/client';
import { AssentError } from '@assent/core';
import { reportTimeoutMessage } from '@assent/core/reports';
import type { CountsSource, NarrowRollup } from '../queries';
import { NARROW_COUNT_COLUMNS, NARROW_ROLLUPS } from './schema';

/** ClickHouse's code of a query stopped by `max_execution_time`. */
const TIMEOUT_EXCEEDED = '159';

/** The narrow rollups of schema.ts, for the query layer to read the smallest that holds a query. */
const CLICKHOUSE_NARROW_ROLLUPS: readonly NarrowRollup[] = NARROW_ROLLUPS.map(
  ({ table, dimensions }) => ({
    table,
    columns: new Set(['pcode', 'day', ...dimensions]),
    counts: NARROW_COUNT_COLUMNS.map((c) => `sum(${c}) AS n_${c}`).join(', '),
  }),
);

const TYPES = { text: 'String', smallint: 'Int16', boolean: 'Bool', date: 'Date' } as const;

/**
 * The report queries on ClickHouse's rollups (schema.ts): the same statements as on
 * PostgreSQL but for the few spellings below. Each runs with `max_execution_time` at the reports'
 * time limit: past it ClickHouse stops the query and the report answers 504 with core's message.
 */
export function clickhouseCounts(client: ClickHouseClient, timeoutMs: number): CountsSource {
  return {
    narrowRollups: CLICKHOUSE_NARROW_ROLLUPS,
    bind(params, value, type, array) {
      params.push(value);
      const t = TYPES[type];
      return `{p${params.length}:${array ? `Array(${t})` : t}}`;
    },
    oneOf: (column, placeholder) => `${column} IN ${placeholder}`,
    period: {
      day: 'toString(day)',
      week: 'toString(toMonday(day))',
      month: 'toString(toStartOfMonth(day))',
    },
    sumIf: (condition) => (condition ? `sumIf(visits, ${condition})` : 'sum(visits)'),
    // Columns a grouping set aggregates away are null, as in PostgreSQL (not their type's default).
    groupingSetsSuffix: ' SETTINGS group_by_use_nulls = 1',
    async query<R>(sql: string, params: readonly unknown[]): Promise<R[]> {
      try {
        const result = await client.query({
          query: sql,
          format: 'JSONEachRow',
          query_params: Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v])),
          clickhouse_settings: {
            max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)),
            // 64-bit counts as JSON numbers (they stay far below 2^53).
            output_format_json_quote_64bit_integers: 0,
          },
        });
        return await result.json<R>();
      } catch (error) {
        if ((error as { code?: unknown }).code === TIMEOUT_EXCEEDED)
          throw new AssentError('GATEWAY_TIMEOUT', reportTimeoutMessage(timeoutMs));
        throw error;
      }
    },
  };
}
