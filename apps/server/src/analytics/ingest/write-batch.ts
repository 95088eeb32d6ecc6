import { formatUtcDay } from '@assent/core';
import { visitDimensions } from '@assent/core/reports';
import type { Queryable } from '../../db';
import { ensureVisitPartitions } from '../storage';
import type { VisitRecord } from '../visit-sink';

/** The dimensions every rollup row is keyed by (the raw columns minus id, region and time). */
export const ROLLUP_DIMENSIONS = [
  'pcode',
  'property_uuid',
  'theme_id',
  'theme_language',
  'regulation',
  'state',
  'country',
  'device',
  'os',
  'browser',
  'page_format',
  'gbc_applicable',
  'cop_applicable',
  'advanced_applicable',
  'variant',
  'outcome',
  'shown',
  'gbc_consent',
  'cop_choice',
  'do_not_sell',
] as const;

/**
 * What a visit is enriched with from the configuration store, as configured when it arrives: its
 * theme's language, and whether Advanced Customisation applies (the same expressions as the
 * function visit_store_batch of migration 018: keep them in step). `u` is the relation of the visits
 * (property_uuid, theme_id); every store uses these. Whether Google basic consent and Consent or
 * Pay applied is what the runtime reported for the visitor (`gbc_consent`, `cop_choice`).
 */
const ENRICHED_COLUMNS = `t.config->>'language' as theme_language,
    coalesce(jsonb_array_length(t.config->'advancedCustomizationSettings') > 0, false)
      as advanced_applicable`;
const ENRICHMENT_JOINS = `left join properties p on p.uuid = u.property_uuid
  left join themes t on t.id = (case when u.theme_id ~ '^[0-9]{1,9}$' then u.theme_id::int end)`;

/**
 * One statement stores a batch: `visit_store_batch` (migration 018, a function so that its plan is
 * kept) inserts the raw rows (enriched with the theme's language and whether Advanced
 * Customisation applies, as configured when the visit arrives) and appends the same visits by
 * their rollup key to `visit_rollup_pending`, which `rollUpPendingVisits` (rollup.ts) counts into
 * the rollups off the request's path. Being one statement, a batch is stored and queued for its
 * count together or not at all. Its arguments are the arrays of RAW_COLUMNS.
 */
const STORE_BATCH = `select visit_store_batch($1::text[], $2::text[], $3::text[], $4::smallint[],
  $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[], $10::text[], $11::text[],
  $12::text[], $13::text[], $14::text[], $15::timestamptz[], $16::text[], $17::text[], $18::text[])`;

/** A visit's raw columns, in the order of visit_store_batch's arguments. */
export const RAW_COLUMNS = [
  'pcode',
  'property_uuid',
  'theme_id',
  'regulation',
  'state',
  'outcome',
  'shown',
  'page_format',
  'device',
  'os',
  'browser',
  'country',
  'region',
  'variant',
  'created_at',
  'gbc_consent',
  'cop_choice',
  'do_not_sell',
] as const;

/** A visit's raw column values (the report vocabulary of core), in RAW_COLUMNS' order. */
export function rawVisitRow(r: VisitRecord): unknown[] {
  const d = visitDimensions(r.event, r.region);
  return [
    r.pcode,
    r.propertyUuid,
    d.themeId,
    d.regulation,
    d.state,
    d.outcome,
    d.shown,
    d.pageFormat,
    d.deviceType,
    d.os,
    d.browser,
    r.country ? r.country.toUpperCase() : null,
    r.region,
    d.variant,
    r.receivedAt,
    d.gbcConsent,
    d.copChoice,
    d.doNotSell,
  ];
}

/** The configuration-dependent columns of a visit (ENRICHED_COLUMNS). */
export interface VisitEnrichment {
  theme_language: string | null;
  advanced_applicable: boolean;
}

/**
 * The enrichment of each distinct (property, theme) pair, read from the configuration store with
 * the same expressions visit_store_batch (migration 018) uses, keyed `${propertyUuid} ${themeId}`. For stores
 * outside this database (ClickHouse).
 */
export async function visitEnrichments(
  q: Queryable,
  pairs: ReadonlyArray<{ propertyUuid: string; themeId: string | null }>,
): Promise<Map<string, VisitEnrichment>> {
  const rows = await q.query<VisitEnrichment & { property_uuid: string; theme_id: string | null }>(
    `select u.property_uuid, u.theme_id, ${ENRICHED_COLUMNS}
     from unnest($1::text[], $2::text[]) as u(property_uuid, theme_id)
     ${ENRICHMENT_JOINS}`,
    [pairs.map((p) => p.propertyUuid), pairs.map((p) => p.themeId)],
  );
  return new Map(rows.map((r) => [`${r.property_uuid} ${r.theme_id ?? ''}`, r]));
}

/**
 * Stores a batch of visits and queues them for the rollups, atomically. Day partitions are
 * created first when missing. Resolves once the batch is committed; the rollups count it at the
 * next roll-up step (rollup.ts).
 */
export async function writeVisitBatch(
  q: Queryable,
  records: readonly VisitRecord[],
): Promise<void> {
  if (!records.length) return;
  await ensureVisitPartitions(q, [...new Set(records.map((r) => formatUtcDay(r.receivedAt)))]);
  const columns: unknown[][] = RAW_COLUMNS.map(() => []);
  for (const r of records) rawVisitRow(r).forEach((value, i) => columns[i]!.push(value));
  await q.query(STORE_BATCH, columns);
}
