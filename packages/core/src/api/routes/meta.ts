import { z } from 'zod';
import { CmpVersionInfo } from '../../property/cmp-version';
import { PUBLIC, USER, defineRoute } from '../route';

export const LogoCheckResult = z.object({
  ok: z.boolean(),
  /** Appended to the logo url before save (a cache-busting version of the checked image). */
  suffix: z.string(),
  message: z.string().nullable(),
});

export const meta = {
  health: defineRoute({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: ok once the database is ready, with what the operator must fix',
    access: PUBLIC,
    response: z.object({
      status: z.literal('ok'),
      /** Configuration that works but harms publishers (an unregistered CMP id). */
      warnings: z.array(z.string()).optional(),
    }),
    cache: 'minute',
  }),
  cmpVersions: defineRoute({
    method: 'GET',
    path: '/customization/v2/cmp-versions',
    summary: 'The CMP versions a property can use, newest first',
    access: USER,
    response: z.array(CmpVersionInfo),
  }),
  logoCheck: defineRoute({
    method: 'POST',
    path: '/customization/v2/logo-check',
    summary: 'Check that a logo URL serves an image',
    access: USER,
    body: z.object({ url: z.string() }),
    response: LogoCheckResult,
  }),
};
