import type { InjectOptions } from 'fastify';
import type { Property } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

/**
 * Issue 19 item 10, field by field: every one-line text field of every schema refuses CR, LF, BEL
 * and ESC through its real route, with a 400 naming the field. Each row: the field as the answer
 * names it, and the request that sets it to `value`.
 */
const CONTROL_CHARACTERS = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
] as const;

type Row = [field: string, request: (value: string, ctx: Context) => InjectOptions];
interface Context {
  pcode: string;
  site: Property;
  n: number;
}

const site = (fields: object) => (_: string, ctx: Context) => ({
  method: 'POST' as const,
  url: `/customization/v2/site?pCode=${ctx.pcode}`,
  payload: { themeId: '1', url: `ctl-${ctx.n}.example.com`, publisherName: 'Fine', ...fields },
});
const siteField =
  (field: string, wrap: (v: string) => string = (v) => v) =>
  (value: string, ctx: Context) =>
    site({ [field]: wrap(value) })(value, ctx);
const inUrl = (v: string) => `https://a.example/x${v}y`;
const inText = (v: string) => `Fine${v}text`;

const theme =
  (build: (value: string) => object) =>
  (value: string, ctx: Context): InjectOptions => ({
    method: 'POST',
    url: `/customization/v2/theme?pCode=${ctx.pcode}`,
    payload: {
      themeType: 'SITE',
      themeName: `Theme ${ctx.n}`,
      privacyModes: ['GDPR', 'USP'],
      ...build(value),
    },
  });

const customVendor = (extra: object) => (_: string, ctx: Context) => ({
  method: 'PUT' as const,
  url: `/customization/v2/vendors/selection?pCode=${ctx.pcode}`,
  payload: {
    customVendors: [
      {
        id: 'cv-1',
        name: 'Vendor',
        privacyPolicyUrl: 'https://vendor.example/privacy',
        purposes: [1],
        ...extra,
      },
    ],
  },
});

const reportJob = (extra: object) => (_: string, ctx: Context) => ({
  method: 'POST' as const,
  url: `/analytics/v1/pcode/${ctx.pcode}/job`,
  payload: {
    name: 'Weekly',
    type: 'scheduled',
    recipients: ['team@example.com'],
    scheduleInfo: {
      startDate: '2030-01-01',
      endDate: '2030-02-01',
      frequency: 'daily',
      time: '9:00',
    },
    query: {
      filters: [{ key: 'propertyId', operator: 'in', values: [ctx.site.uuid] }],
      dimensions: ['period'],
      metrics: ['totalSessions'],
      granularity: 'day',
      timePeriod: { type: 'last7Days' },
    },
    ...extra,
  },
});

const bulk = (fields: object) => (_: string, ctx: Context) => ({
  method: 'POST' as const,
  url: `/customization/v2/bulk-update?pCode=${ctx.pcode}`,
  payload: { sites: [ctx.site.siteId], fields },
});

const ROWS: Row[] = [
  // Properties (site and app).
  ['url', (v, ctx) => site({ url: `ctl-${ctx.n}.example${v}.com` })(v, ctx)],
  ['publisherName', siteField('publisherName', inText)],
  ['uspDnsText', siteField('uspDnsText', inText)],
  ['mspaFooterHtmlId', siteField('mspaFooterHtmlId', inText)],
  ['publisherLogoUrl', siteField('publisherLogoUrl', inUrl)],
  ['redirectUrl', siteField('redirectUrl', inUrl)],
  ['gdprPrivacyLink', siteField('gdprPrivacyLink', inUrl)],
  ['groupOfWebsitesURL', siteField('groupOfWebsitesURL', inUrl)],
  ['cookieAccessUrl', siteField('cookieAccessUrl', inUrl)],
  ['consentScopeGroupURL', siteField('consentScopeGroupURL', inUrl)],
  [
    'packageId',
    (v, ctx) => ({
      method: 'POST',
      url: `/customization/v2/app?pCode=${ctx.pcode}`,
      payload: { themeId: '2', packageId: `com.ctl${v}.n${ctx.n}`, publisherName: 'Fine' },
    }),
  ],
  // Themes: the name, every button, label and link, the Do Not Sell title.
  ['themeName', theme((v) => ({ themeName: inText(v) }))],
  ['agreeButton', theme((v) => ({ agreeButton: `OK${v}` }))],
  ['saveAndExitButton', theme((v) => ({ saveAndExitButton: `Save${v}` }))],
  ['initScreenRejectButton', theme((v) => ({ initScreenRejectButton: `No${v}` }))],
  ['consentLinkLabel', theme((v) => ({ consentLinkLabel: inText(v) }))],
  ['uspDnsTitleText', theme((v) => ({ uspDnsTitleText: inText(v) }))],
  [
    'uspDeleteDataLinkText',
    theme((v) => ({ uspDeleteDataLinkText: inText(v), uspDeleteDataLink: 'https://a.example/' })),
  ],
  [
    'uspDeleteDataLink',
    theme((v) => ({ uspDeleteDataLinkText: 'Delete', uspDeleteDataLink: inUrl(v) })),
  ],
  [
    'uxInitialScreenCustomLinks.0.text',
    theme((v) => ({
      uxInitialScreenCustomLinks: [{ text: inText(v), url: 'https://a.example/' }],
    })),
  ],
  [
    'uxInitialScreenCustomLinks.0.url',
    theme((v) => ({ uxInitialScreenCustomLinks: [{ text: 'Privacy', url: inUrl(v) }] })),
  ],
  ['uxFontColor', theme((v) => ({ uxFontColor: `#000000${v}` }))],
  // Custom vendors.
  ['customVendors.0.id', (v, ctx) => customVendor({ id: `cv${v}1` })(v, ctx)],
  ['customVendors.0.name', (v, ctx) => customVendor({ name: inText(v) })(v, ctx)],
  [
    'customVendors.0.privacyPolicyUrl',
    (v, ctx) => customVendor({ privacyPolicyUrl: inUrl(v) })(v, ctx),
  ],
  // Tokens, audit logs, reports, bulk updates.
  ['name', (v) => ({ method: 'POST', url: '/auth/tokens', payload: { name: `ci${v}` } })],
  [
    'url',
    (v, ctx) => ({
      method: 'POST',
      url: `/customization/v2/audit-log?pCode=${ctx.pcode}`,
      payload: { url: `news${v}.example.com`, endDate: '2026-01-01', daysBack: 30 },
    }),
  ],
  ['name', (v, ctx) => reportJob({ name: inText(v) })(v, ctx)],
  ['recipients.0', (v, ctx) => reportJob({ recipients: [`team${v}@example.com`] })(v, ctx)],
  [
    'consentScopeGroupURL',
    (v, ctx) =>
      bulk({
        consentScope: 'service group',
        consentScopeGroupURL: inUrl(v),
        thirdPartyStorageType: 'iframe',
      })(v, ctx),
  ],
  [
    'customFooterLinks.0.text',
    (v, ctx) =>
      bulk({ customFooterLinks: [{ text: inText(v), url: 'https://a.example/' }] })(v, ctx),
  ],
  [
    'customFooterLinks.0.url',
    (v, ctx) => bulk({ customFooterLinks: [{ text: 'Privacy', url: inUrl(v) }] })(v, ctx),
  ],
  // Invitations and sign-up.
  ...(['firstName', 'lastName', 'company'] as const).map((field): Row => [
    field,
    (v, ctx) => ({
      method: 'POST',
      url: '/auth/sign-up',
      payload: {
        email: `signup-${ctx.n}@example.com`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Engines',
        [field]: inText(v),
      },
    }),
  ]),
  [
    'email',
    (v, ctx) => ({
      method: 'POST',
      url: `/account/${ctx.pcode}/invitations`,
      payload: { email: `new${v}@example.com` },
    }),
  ],
];

describe.each(stores())(
  'one-line text refuses control characters, field by field (%s)',
  (store) => {
    let server: TestServer;
    let user: TestUser;
    let context: Omit<Context, 'n'>;
    let n = 0;
    beforeAll(async () => {
      server = await createTestServer(store);
      user = await server.user();
      const res = await server.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${user.pcode}`,
        payload: { themeId: '1', url: 'base.example.com', publisherName: 'Base' },
        as: user,
      });
      expect(res.statusCode, res.body).toBe(201);
      context = { pcode: user.pcode, site: json<Property>(res) };
    });
    afterAll(() => server?.close());

    it.each(ROWS)('%s', async (field, request) => {
      const passed: string[] = [];
      for (const [name, character] of CONTROL_CHARACTERS) {
        n += 1;
        const res = await server.request({ ...request(character, { ...context, n }), as: user });
        const fields = res.statusCode === 400 ? (json<{ fields?: object }>(res).fields ?? {}) : {};
        if (!(field in fields)) passed.push(`${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(passed).toEqual([]);
    });
  },
);
