import type { TextChangeRequest, TextChangeRequestDraft } from '@assent/core/theme';
import type { Queryable } from '../db';

type Row = Record<string, unknown>;
const seconds = (v: unknown) =>
  Math.floor((v instanceof Date ? v : new Date(String(v))).getTime() / 1000);

const toRequest = (r: Row): TextChangeRequest => ({
  id: Number(r.id),
  language: r.language as TextChangeRequest['language'],
  customizationType: r.customization_type as TextChangeRequest['customizationType'],
  customizationText: String(r.customization_text),
  reason: String(r.reason),
  status: r.status as TextChangeRequest['status'],
  createdOn: seconds(r.created_at),
  themeId: String(r.theme_id),
  ...(r.decided_at ? { updatedOn: seconds(r.decided_at) } : {}),
});

const COLUMNS = `id, theme_id, language, customization_type, customization_text, reason, status, created_at, decided_at`;

export const textRequests = {
  async forTheme(q: Queryable, themeId: number): Promise<TextChangeRequest[]> {
    const rows = await q.query(
      `select ${COLUMNS} from text_change_requests where theme_id = $1 order by created_at desc, id desc`,
      [themeId],
    );
    return rows.map(toRequest);
  },

  async get(q: Queryable, id: number): Promise<TextChangeRequest | undefined> {
    const rows = await q.query(`select ${COLUMNS} from text_change_requests where id = $1`, [id]);
    return rows[0] && toRequest(rows[0]);
  },

  async insert(
    q: Queryable,
    pcode: string,
    draft: TextChangeRequestDraft,
    userId: number,
    now: Date,
  ): Promise<TextChangeRequest> {
    const rows = await q.query(
      `insert into text_change_requests (pcode, theme_id, language, customization_type, customization_text, reason, status, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, 'in-progress', $7, $8) returning ${COLUMNS}`,
      [
        pcode,
        Number(draft.themeId),
        draft.language,
        draft.customizationType,
        draft.customizationText,
        draft.reason,
        userId,
        now,
      ],
    );
    return toRequest(rows[0]!);
  },

  /** Who to tell about a decision: the requester's e-mail and the theme's name. */
  async requester(
    q: Queryable,
    id: number,
  ): Promise<{ email: string; themeName: string } | undefined> {
    const rows = await q.query<{ email: string; theme_name: string }>(
      `select u.email, t.name as theme_name from text_change_requests r
       join users u on u.id = r.created_by join themes t on t.id = r.theme_id where r.id = $1`,
      [id],
    );
    return rows[0] && { email: rows[0].email, themeName: rows[0].theme_name };
  },

  async decide(
    q: Queryable,
    id: number,
    status: 'approved' | 'rejected',
    userId: number,
    now: Date,
  ): Promise<TextChangeRequest> {
    const rows = await q.query(
      `update text_change_requests set status = $2, decided_by = $3, decided_at = $4 where id = $1 returning ${COLUMNS}`,
      [id, status, userId, now],
    );
    return toRequest(rows[0]!);
  },
};
