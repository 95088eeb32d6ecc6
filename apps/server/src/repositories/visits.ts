import type { PropertyAnalytics, PropertyAnalyticsReport, VisitEvent } from '@assent/core';
import type { VisitRecord } from '../analytics/visit-sink';
import type { Queryable } from '../db';

const DEVICES: Record<VisitEvent['d'], string> = { m: 'mobile', t: 'tablet', d: 'desktop' };

export const visits = {
  /** Stores one page view; `shown` is false when the stored choice was reused without a banner. */
  async insert(q: Queryable, visit: VisitRecord): Promise<void> {
    const e = visit.event;
    await q.query(
      `insert into visits (pcode, property_uuid, theme_id, regulation, outcome, shown, page_format, device, os, browser, country, region, variant, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        visit.pcode,
        visit.propertyUuid,
        e.t,
        String(e.r),
        e.o,
        e.x !== 1,
        e.f === 'A' ? 'AMP' : 'HTTP',
        DEVICES[e.d],
        e.os,
        e.b,
        visit.country,
        visit.region,
        e.v ?? null,
        visit.receivedAt,
      ],
    );
  },
};

type Counts = { shown: number; accept: number; reject: number; partial: number; bounce: number };

const pct = (part: number, whole: number): number | null =>
  whole ? Math.round((part / whole) * 10_000) / 100 : null;

/**
 * A report from visit counts. Consent rate counts every choice that consents to something (accept
 * all and partial); the accepted, rejected, partial and bounce rates split the banners shown.
 */
function report(
  propertyUuid: string,
  startDate: string,
  endDate: string,
  c: Counts,
  us: boolean,
): PropertyAnalyticsReport {
  return {
    prefix: null,
    startDate,
    endDate,
    totalShown: c.shown,
    consentRatePercentage: pct(c.accept + c.partial, c.shown),
    cookiesConsentRatePercentage: pct(c.accept, c.shown),
    bounceRatePercentage: pct(c.bounce, c.shown),
    acceptAll: c.accept,
    rejectAll: c.reject,
    partialAll: c.partial,
    acceptedRatePercentage: pct(c.accept, c.shown),
    rejectedRatePercentage: pct(c.reject, c.shown),
    partialRatePercentage: pct(c.partial, c.shown),
    doNotSellRequestReceived: us ? c.reject : null,
    doNotSellRequestFulfilled: us ? c.reject : null,
    medianTimeFulfillmentMillis: us ? 0 : null,
    idProperty: propertyUuid,
  };
}

const add = (a: Counts, b: Counts): Counts => ({
  shown: a.shown + b.shown,
  accept: a.accept + b.accept,
  reject: a.reject + b.reject,
  partial: a.partial + b.partial,
  bounce: a.bounce + b.bounce,
});

/** Consent analytics of some properties between two days (inclusive), keyed by property uuid. */
export async function propertyAnalytics(
  q: Queryable,
  pcode: string,
  propertyUuids: readonly string[],
  startDate: string,
  endDate: string,
): Promise<Record<string, PropertyAnalytics>> {
  const rows = await q.query<
    { property_uuid: string; regulation: string; state: string | null } & Record<
      keyof Counts,
      number
    >
  >(
    `select property_uuid, regulation, case when regulation = '3' then lower(region) end as state,
       count(*) filter (where shown)::int as shown,
       count(*) filter (where shown and outcome = 'a')::int as accept,
       count(*) filter (where shown and outcome = 'r')::int as reject,
       count(*) filter (where shown and outcome = 'p')::int as partial,
       count(*) filter (where shown and outcome = 'b')::int as bounce
     from visits
     where pcode = $1 and property_uuid = any($2::text[]) and created_at >= $3::date and created_at < ($4::date + 1)
     group by 1, 2, 3`,
    [pcode, propertyUuids, startDate, endDate],
  );
  const out: Record<string, PropertyAnalytics> = {};
  for (const uuid of propertyUuids) out[uuid] = {};
  const zero: Counts = { shown: 0, accept: 0, reject: 0, partial: 0, bounce: 0 };
  const byProperty = new Map<
    string,
    { gdpr: Counts; ccpa: Counts; gbc: Counts; states: Map<string | null, Counts> }
  >();
  for (const r of rows) {
    const entry = byProperty.get(r.property_uuid) ?? {
      gdpr: zero,
      ccpa: zero,
      gbc: zero,
      states: new Map(),
    };
    const c: Counts = {
      shown: r.shown,
      accept: r.accept,
      reject: r.reject,
      partial: r.partial,
      bounce: r.bounce,
    };
    if (r.regulation === '1') entry.gdpr = add(entry.gdpr, c);
    if (r.regulation === '10') entry.gbc = add(entry.gbc, c);
    if (r.regulation === '2' || r.regulation === '3') {
      entry.ccpa = add(entry.ccpa, c);
      const state = r.regulation === '3' ? r.state : null;
      entry.states.set(state, add(entry.states.get(state) ?? zero, c));
    }
    byProperty.set(r.property_uuid, entry);
  }
  for (const [uuid, e] of byProperty) {
    const analytics: PropertyAnalytics = {};
    if (e.gdpr.shown) analytics['1'] = report(uuid, startDate, endDate, e.gdpr, false);
    if (e.ccpa.shown) analytics['2'] = report(uuid, startDate, endDate, e.ccpa, true);
    if (e.gbc.shown) analytics['10'] = report(uuid, startDate, endDate, e.gbc, false);
    if (e.states.size) {
      analytics['3'] = [...e.states].map(([state, c]) => ({
        ...report(uuid, startDate, endDate, c, true),
        state,
      }));
    }
    out[uuid] = analytics;
  }
  return out;
}
