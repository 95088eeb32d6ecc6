import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { renderTable } from '../output/table';
import { openAccountSession } from '../session';

export const listThemes = defineCommand({
  options: z.object({
    type: z
      .enum(['site', 'app'])
      .transform((t) => (t === 'app' ? ('APP' as const) : ('SITE' as const)))
      .optional(),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    return session.client.themes.list({
      query: { pCode: session.account, ...(options.type ? { themeType: options.type } : {}) },
    });
  },
  render(themes, options, ctx) {
    if (options.json) return jsonOutput(themes);
    if (!themes.length) return { stdout: 'No themes.\n' };
    return {
      stdout: renderTable(
        [
          { key: 'themeId', title: 'ID', min: 4 },
          { key: 'themeName', title: 'THEME', min: 16 },
          { key: 'themeType', title: 'TYPE', format: (v) => String(v).toLowerCase() },
          { key: 'regulation', title: 'REGULATION', min: 10 },
          { key: 'gvlVersion', title: 'GVL', min: 3 },
        ],
        themes,
        ctx,
      ),
    };
  },
});
