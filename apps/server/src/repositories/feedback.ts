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

interface AnnouncementDbRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  expire: number;
  expire_units: string;
  modal: Announcement['modal'] | string;
}

const ANNOUNCEMENT_COLUMNS = 'id, starts_at, ends_at, expire, expire_units, modal';

const toAnnouncement = (r: AnnouncementDbRow): Announcement => ({
  id: r.id,
  start: iso(r.starts_at),
  end: iso(r.ends_at),
  expire: Number(r.expire),
  expireUnits: r.expire_units as AnnouncementExpireUnit,
  modal: typeof r.modal === 'string' ? (JSON.parse(r.modal) as Announcement['modal']) : r.modal,
});

export const announcements = {
  async current(q: Queryable, now: Date): Promise<Announcement[]> {
    const rows = await q.query<AnnouncementDbRow>(
      `select ${ANNOUNCEMENT_COLUMNS} from announcements where starts_at <= $1 and ends_at >= $1 order by starts_at`,
      [now],
    );
    return rows.map(toAnnouncement);
  },

  /** Operators: the announcements not ended at `now` (all of them with `includeEnded`), by start. */
  async list(q: Queryable, now: Date, includeEnded = false): Promise<Announcement[]> {
    const rows = await q.query<AnnouncementDbRow>(
      `select ${ANNOUNCEMENT_COLUMNS} from announcements where $2 or ends_at >= $1 order by starts_at, id`,
      [now, includeEnded],
    );
    return rows.map(toAnnouncement);
  },

  /** Stores a new announcement; false when the id is taken. */
  async create(q: Queryable, a: Announcement): Promise<boolean> {
    const rows = await q.query(
      `insert into announcements (${ANNOUNCEMENT_COLUMNS}) values ($1, $2, $3, $4, $5, $6)
       on conflict (id) do nothing returning id`,
      [a.id, a.start, a.end, a.expire, a.expireUnits, JSON.stringify(a.modal)],
    );
    return rows.length > 0;
  },

  /**
   * Ends an announcement now (one not started yet ends before it starts, so it never shows);
   * returns it, or undefined for an unknown id.
   */
  async end(q: Queryable, id: string, now: Date): Promise<Announcement | undefined> {
    const rows = await q.query<AnnouncementDbRow>(
      `update announcements set ends_at = least(ends_at, $2), starts_at = least(starts_at, $2)
       where id = $1 returning ${ANNOUNCEMENT_COLUMNS}`,
      [id, now],
    );
    return rows[0] && toAnnouncement(rows[0]);
  },
};
