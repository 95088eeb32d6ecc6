import type { Queryable } from '../db';

/** A stored copy of a list fetched from elsewhere (a GVL version, Google's providers). */
export interface StoredList {
  body: string;
  etag: string | null;
  expiresAt: Date;
}

export interface StoredListWrite {
  key: string;
  body: string;
  version: number | null;
  etag: string | null;
  fetchedAt: Date;
  expiresAt: Date;
  /** The URL it came from, or how it was imported. */
  source: string;
}

export const externalLists = {
  async get(q: Queryable, key: string): Promise<StoredList | undefined> {
    const rows = await q.query<{ body: string; etag: string | null; expires_at: Date | string }>(
      `select body, etag, expires_at from external_lists where key = $1`,
      [key],
    );
    const r = rows[0];
    return r && { body: r.body, etag: r.etag, expiresAt: new Date(r.expires_at) };
  },

  /** The stored copy is still current (the source answered 304). */
  async touch(q: Queryable, key: string, fetchedAt: Date, expiresAt: Date): Promise<void> {
    await q.query(`update external_lists set fetched_at = $2, expires_at = $3 where key = $1`, [
      key,
      fetchedAt,
      expiresAt,
    ]);
  },

  async put(q: Queryable, list: StoredListWrite): Promise<void> {
    await q.query(
      `insert into external_lists (key, body, version, etag, fetched_at, expires_at, source) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (key) do update set body = excluded.body, version = excluded.version, etag = excluded.etag,
         fetched_at = excluded.fetched_at, expires_at = excluded.expires_at, source = excluded.source`,
      [list.key, list.body, list.version, list.etag, list.fetchedAt, list.expiresAt, list.source],
    );
  },
};
