import type { RouteTable } from './route';
import { listRoutes } from './route';

/** Paths the spec documents show (method and path as written there). */
const SPEC_CALLS = new Set([
  'GET /customization/v2/site',
  'GET /customization/v2/theme',
  'GET /customization/v2/app/sdk',
  'GET /customization/{pCode}/survey',
  'POST /customization/{pCode}/survey',
  'GET /customization/cop-banner-event/{pCode}',
  'POST /customization/cop-banner-event',
  'GET /text-customization-request/{id}',
  'PUT /text-customization-request/{id}/status',
  'POST /analytics/v1/summary/pcode/{pCode}',
  'POST /analytics/v1/graph/pcode/{pCode}',
  'GET /analytics/v1/metadata',
  'POST /analytics/v1/pcode/{pCode}/job',
  'PUT /analytics/v1/pcode/{pCode}/job/{jobId}',
  'DELETE /analytics/v1/pcode/{pCode}/job/{jobId}',
  'PATCH /analytics/v1/pcode/{pCode}/job/{jobId}',
  'GET /analytics/v1/pcode/{pCode}/jobs',
  'GET /analytics/v1/pcode/{pCode}/job/{jobId}',
]);

/** Designed paths that the foundation issue fixed, because scripts and the CLI depend on them. */
const FIXED_CALLS = new Set([
  'GET /healthz',
  ...[
    'sign-up',
    'confirm-sign-up',
    'sign-in',
    'sign-out',
    'forgot-password',
    'confirm-forgot-password',
    'resend-confirmation',
    'change-password',
  ].map((p) => `POST /auth/${p}`),
  'GET /auth/me',
  'GET /auth/tokens',
  'POST /auth/tokens',
  'DELETE /auth/tokens/{id}',
  ...['site', 'app', 'theme'].flatMap((e) => [
    `GET /customization/v2/${e}/{id}`,
    `PUT /customization/v2/${e}/{id}`,
    `DELETE /customization/v2/${e}/{id}`,
    `POST /customization/v2/${e}`,
  ]),
  'GET /customization/v2/tag',
  'POST /customization/v2/bulk-update',
  'GET /customization/v2/bulk-update/status',
]);

/**
 * Calls and sources of the spec (properties-and-tags §7) that have no route of their own, and
 * what serves them.
 */
export const SERVED_WITHOUT_A_ROUTE: ReadonlyArray<{ call: string; servedBy: string }> = [
  {
    call: 'Static purposes lists for US multi-state privacy and Google basic consent (national English)',
    servedBy:
      'static data in core (`MSPA_PURPOSES`, `GBC_PURPOSES`) that the console imports; other clients read the same lists from `purposes.mspa` and `purposes.googleBasicConsent`',
  },
  {
    call: 'Fetch CMP themes for the Consent-or-Pay content review',
    servedBy:
      "`themes.list` and `textRequests.listForTheme` of the property's theme; core's `isContentUnderReview` tells whether its Consent-or-Pay text is in review",
  },
  {
    call: 'Static list of CMP versions',
    servedBy: 'static data in core (`CMP_VERSIONS`); also `meta.cmpVersions`',
  },
  {
    call: 'Consent check endpoint for AMP pages',
    servedBy:
      "the consent runtime's route `banner.ampCheck` (`POST /banner/amp/{id}/check`, docs/banner.md)",
  },
];

const ACCESS: Record<string, string> = {
  public: 'public',
  user: 'signed in',
  account: 'account member',
  admin: 'admin',
};

export type PathOrigin = 'spec' | 'fixed' | 'designed';

export function pathOrigin(method: string, path: string): PathOrigin {
  const call = `${method} ${path}`;
  if (SPEC_CALLS.has(call)) return 'spec';
  return FIXED_CALLS.has(call) ? 'fixed' : 'designed';
}

/**
 * docs/api.md, generated from the route table (`npx tsx scripts/gen-api-docs.ts`; a test checks
 * the file is current): every call with its method, path, access and purpose, and whether the
 * spec shows it, the foundation issue fixed it, or we designed it in the spec's style.
 */
export function renderApiReference(table: RouteTable): string {
  const lines = [
    '# Assent API',
    '',
    'Generated from the route table in `packages/core/src/api/routes/` by `npx tsx scripts/gen-api-docs.ts`',
    '(a test fails when this file is out of date). The OpenAPI document of a running server is at',
    '`/api/openapi.json`, browsable at `/api/docs`.',
    '',
    'Origin: **spec** = the path the spec shows; **fixed** = designed here and fixed by the foundation',
    'issue (scripts and the CLI depend on it); **designed** = designed here in the same style, for a',
    'call whose path the spec does not show. Every failure answers `{status, message, fields?}`.',
    '',
    "The consent runtime's public endpoints under `/banner/` (scripts, vendor lists, visit beacon, group",
    "storage, AMP) are the `banner` group: visitors' browsers call them from publishers' pages, so they",
    'never read the console session; their CORS and caching are described in `docs/banner.md`.',
    '',
  ];
  for (const [group, routes] of Object.entries(table)) {
    lines.push(
      `## ${group}`,
      '',
      '| Method | Path | Access | Origin | Purpose |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const { route } of listRoutes({ [group]: routes })) {
      const access = `${ACCESS[route.access.kind]}${route.sessionless ? ', no session' : ''}${route.rateLimited ? ', rate-limited' : ''}`;
      const summary = route.summary.replace(/\|/g, '\\|');
      lines.push(
        `| ${route.method} | \`${route.path}\` | ${access} | ${pathOrigin(route.method, route.path)} | ${summary} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    '## Served without a route of their own',
    '',
    'Calls and sources the spec lists (properties-and-tags §7) that need no route of their own.',
    '',
    '| Spec call | Served by |',
    '| --- | --- |',
    ...SERVED_WITHOUT_A_ROUTE.map(({ call, servedBy }) => `| ${call} | ${servedBy} |`),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}
