import type {
  Announcement,
  AnnouncementExpireUnit,
  CopBannerEventRecord,
  SurveySubmission,
  TermsAcceptance,
} from '@assent/core/account';
import type { Queryable } from '../db';
import { iso } from '../db';

export const termsAcceptances = {
  async record(q: Queryable, acceptance: TermsAcceptance, now: Date): Promise<void> {
    await q.query(
      `insert into terms_acceptances (pcode, product_type, email, accepted, created_at) values ($1, $2, $3, $4, $5)`,
      [acceptance.pcode, acceptance.productType, acceptance.email.trim(), acceptance.accepted, now],
    );
  },
};

export const surveys = {
  async filled(q: Queryable, pcode: string): Promise<boolean> {
    const rows = await q.query(`select 1 from surveys where pcode = $1 limit 1`, [pcode]);
    return rows.length > 0;
  },
  async submit(
    q: Queryable,
    pcode: string,
    userId: number,
    submission: SurveySubmission,
    now: Date,
  ): Promise<void> {
    await q.query(
      `insert into surveys (pcode, user_id, answer, comment, created_at) values ($1, $2, $3, $4, $5)`,
      [pcode, userId, submission.answer, submission.comment, now],
    );
  },
};

export const copBannerEvents = {
  async list(q: Queryable, pcode: string): Promise<CopBannerEventRecord[]> {
    const rows = await q.query<{ pcode: string; event_type: string; created_at: Date }>(
      `select pcode, event_type, created_at from cop_banner_events where pcode = $1 order by created_at desc, id desc`,
      [pcode],
    );
    return rows.map((r) => ({
      pcode: r.pcode,
      eventType: r.event_type,
      createdAt: iso(r.created_at),
    }));
  },
  async record(
    q: Queryable,
    pcode: string,
    eventType: string,
    userId: number,
    now: Date,
  ): Promise<CopBannerEventRecord> {
    await q.query(
      `insert into cop_banner_events (pcode, event_type, user_id, created_at) values ($1, $2, $3, $4)`,
      [pcode, eventType, userId, now],
    );
    return { pcode, eventType, createdAt: now.toISOString() };
  },
};

export const announcements = {
  async current(q: Queryable, now: Date): Promise<Announcement[]> {
    const rows = await q.query<{
      id: string;
      starts_at: Date;
      ends_at: Date;
      expire: number;
      expire_units: string;
      modal: Announcement['modal'];
    }>(
      `select id, starts_at, ends_at, expire, expire_units, modal from announcements where starts_at <= $1 and ends_at >= $1 order by starts_at`,
      [now],
    );
    return rows.map((r) => ({
      id: r.id,
      start: iso(r.starts_at),
      end: iso(r.ends_at),
      expire: Number(r.expire),
      expireUnits: r.expire_units as AnnouncementExpireUnit,
      modal: r.modal,
    }));
  },
};
