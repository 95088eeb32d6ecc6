import { writeVisitBatch } from '../analytics/ingest/write-batch';
import type { VisitRecord } from '../analytics/visit-sink';
import type { Queryable } from '../db';

export const visits = {
  /**
   * Stores one page view and counts it in the rollups (a batch of one). `shown` is false when the
   * stored choice was reused without a banner.
   */
  async insert(q: Queryable, visit: VisitRecord): Promise<void> {
    await writeVisitBatch(q, [visit]);
  },
};
