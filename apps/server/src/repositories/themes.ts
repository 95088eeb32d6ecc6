import { ThemeSettings } from '@assent/core/theme';
import type { Theme, ThemeType, ThemeValues } from '@assent/core/theme';
import type { Queryable } from '../db';
import { iso } from '../db';
import { contentVersions } from './accounts';

type Row = Record<string, unknown>;

const toTheme = (r: Row): Theme =>
  ({
    ...ThemeSettings.parse({ ...(r.config as object), themeType: r.theme_type, themeName: r.name }),
    themeId: String(r.id),
    ...(r.pcode ? { pCode: String(r.pcode) } : {}),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }) as Theme;

const COLUMNS = `id, pcode, theme_type, name, config, created_at, updated_at`;

/** Themes of an account, plus the built-in default theme (pcode null) every account can use. */
export const themes = {
  async list(q: Queryable, pcode: string, type?: ThemeType): Promise<Theme[]> {
    const rows = await q.query(
      `select ${COLUMNS} from themes where (pcode = $1 or pcode is null) and ($2::text is null or theme_type = $2)
       order by lower(name), id`,
      [pcode, type ?? null],
    );
    return rows.map(toTheme);
  },

  /** A theme the account can see; ids that are not numbers are simply not found. */
  async get(
    q: Queryable,
    pcode: string,
    id: string,
  ): Promise<(Theme & { builtIn: boolean }) | undefined> {
    if (!/^\d+$/.test(id)) return undefined;
    const rows = await q.query(
      `select ${COLUMNS} from themes where id = $1 and (pcode = $2 or pcode is null)`,
      [Number(id), pcode],
    );
    const r = rows[0];
    return r && { ...toTheme(r), builtIn: r.pcode === null };
  },

  /** The account that owns a theme (null for the built-in one), for routes without an account code. */
  async owner(q: Queryable, id: string): Promise<string | null | undefined> {
    if (!/^\d+$/.test(id)) return undefined;
    const rows = await q.query<{ pcode: string | null }>(`select pcode from themes where id = $1`, [
      Number(id),
    ]);
    return rows[0] ? rows[0].pcode : undefined;
  },

  async insert(q: Queryable, pcode: string | null, values: ThemeValues, now: Date): Promise<Theme> {
    const { themeName, themeType, ...config } = values;
    const rows = await q.query(
      `insert into themes (pcode, theme_type, name, config, created_at, updated_at) values ($1, $2, $3, $4, $5, $5) returning ${COLUMNS}`,
      [pcode, themeType, themeName, config, now],
    );
    if (pcode) await contentVersions.bump(q, pcode);
    return toTheme(rows[0]!);
  },

  async update(
    q: Queryable,
    pcode: string,
    id: string,
    values: ThemeValues,
    now: Date,
  ): Promise<Theme> {
    const { themeName, themeType, ...config } = values;
    const rows = await q.query(
      `update themes set theme_type = $3, name = $4, config = $5, updated_at = $6 where id = $1 and pcode = $2 returning ${COLUMNS}`,
      [Number(id), pcode, themeType, themeName, config, now],
    );
    await contentVersions.bump(q, pcode);
    return toTheme(rows[0]!);
  },

  async remove(q: Queryable, pcode: string, id: string): Promise<boolean> {
    const rows = await q.query(`delete from themes where id = $1 and pcode = $2 returning id`, [
      Number(id),
      pcode,
    ]);
    if (rows.length) await contentVersions.bump(q, pcode);
    return rows.length > 0;
  },

  async usage(q: Queryable, pcode: string, id: string): Promise<number> {
    const rows = await q.query<{ n: number }>(
      `select count(*)::int as n from properties where pcode = $1 and theme_id = $2`,
      [pcode, id],
    );
    return rows[0]?.n ?? 0;
  },
};
