import type { ConsentModeState, VisitEvent } from '@assent/core/banner';
import {
  GBC_REPORTED_SIGNALS,
  compileGbc,
  gbcAppliesTo,
  gbcDefaultOutcome,
  gbcVisitCode,
  regulationFor,
} from '@assent/core/banner';
import { PropertySettings, regulationsOf } from '@assent/core/property';
import type { Property, PropertyDraft, PropertyValues } from '@assent/core/property';
import { VendorSelection } from '@assent/core/vendors';
import { ThemeSettings, defaultAppTheme, defaultSiteTheme } from '@assent/core/theme';
import type { ThemeDraft } from '@assent/core/theme';
import { groupCommitSink } from './analytics/ingest/group-commit-sink';
import type { VisitRecord } from './analytics/visit-sink';
import type { Db } from './db';
import { organisations, users } from './repositories/accounts';
import { properties } from './repositories/properties';
import { themes } from './repositories/themes';
import { vendorSelections } from './repositories/vendors';
import type { AppDeps } from './routes/context';
import { checkPropertyForSave } from './services/property-rules';
import { hashPassword, randomToken } from './services/secrets';
import type { StartPhases } from './services/start-phases';

export const DEMO_EMAIL = 'demo@assent.local';

/**
 * The built-in themes every account can use: id 1 the default site theme (read-only, per the spec)
 * and id 2 the default app theme. Created once, with fixed ids.
 */
export async function ensureBuiltInThemes(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.query<{ id: number }>(`select id from themes where id in (1, 2)`);
    const have = new Set(existing.map((r) => Number(r.id)));
    const builtIns = [
      { id: 1, values: { ...defaultSiteTheme(), themeName: 'Default theme' } },
      { id: 2, values: { ...defaultAppTheme(), themeName: 'Default app theme' } },
    ];
    for (const { id, values } of builtIns) {
      if (have.has(id)) continue;
      const { themeName, themeType, ...config } = values;
      await tx.query(
        `insert into themes (id, pcode, theme_type, name, config, created_at, updated_at) values ($1, null, $2, $3, $4, $5, $5)`,
        [id, themeType, themeName, config, now],
      );
    }
    await tx.query(
      `select setval(pg_get_serial_sequence('themes', 'id'), greatest((select max(id) from themes), 2))`,
    );
  });
}

/**
 * The demo's own vendor: it pursues basic ads (purpose 2), which Consent or Pay needs (a custom
 * vendor, so the seed needs no vendor list from the network).
 */
const DEMO_VENDOR_SELECTION = VendorSelection.parse({
  customVendors: [
    {
      id: 'demo-ads',
      name: 'Demo Ads',
      privacyPolicyUrl: 'https://demo-news.example/privacy',
      purposes: [1, 2, 7],
    },
  ],
});

const demoSites: PropertyDraft[] = [
  {
    url: 'demo-news.example',
    publisherName: 'Demo News',
    consentLocations: ['WORLDWIDE'],
    applyToSubDomains: true,
    // Consent or Pay for French and German visitors (the Users metrics).
    consentOrPayConfig: {
      enabled: true,
      countries: ['FR', 'DE'],
      callbackType: 'publisher',
      callbacks: { action1: 'https://demo-news.example/subscribe', action2: '' },
    },
  },
  {
    url: 'shop.example.com',
    publisherName: 'Example Shop',
    consentLocations: ['EEA'],
    // Google basic consent everywhere: outside the EEA it alone applies (the GBC metrics).
    gbcEnabled: true,
    gbcLocations: ['WORLDWIDE'],
    gbcApplicablePurposes: [
      { id: 1, enabled: true, defaultValue: 'DENIED' },
      { id: 2, enabled: true, defaultValue: 'GRANTED' },
      { id: 3, enabled: true, defaultValue: 'DENIED' },
      { id: 4, enabled: true, defaultValue: 'DENIED' },
    ],
  },
  {
    url: 'blog.example.org',
    publisherName: 'Example Blog',
    consentLocations: ['USA'],
    ccpaViaUsp: true,
  },
];
const demoApps: PropertyDraft[] = [
  { packageId: 'com.example.news', publisherName: 'Demo News App', consentLocations: ['EEA'] },
  {
    packageId: 'com.example.shop',
    publisherName: 'Example Shop App',
    consentLocations: ['WORLDWIDE'],
  },
];

/**
 * The demo account of a first start: an organisation with a few sites, apps and themes, and the
 * user demo@assent.local. Returns the password (ASSENT_DEMO_PASSWORD, or a generated one).
 */
export async function seedDemo(
  deps: AppDeps,
  options: { password?: string | undefined; phases?: StartPhases } = {},
) {
  const password = options.password ?? `demo-${randomToken(9)}`;
  const now = deps.now();
  const passwordHash = await hashPassword(password);
  const pcode = await deps.db.transaction(async (tx) => {
    const org = await organisations.create(tx, 'Assent Demo', {
      premiumEligible: true,
      copEnabled: true,
    });
    const user = await users.create(tx, {
      email: DEMO_EMAIL,
      givenName: 'Demo',
      familyName: 'Publisher',
      company: 'Assent Demo',
      passwordHash,
      confirmed: true,
    });
    await organisations.addMember(tx, user.id, org.id);
    await vendorSelections.save(tx, org.pcode, DEMO_VENDOR_SELECTION, null, now);
    const siteTheme = await themes.insert(
      tx,
      org.pcode,
      ThemeSettings.parse({
        ...defaultSiteTheme(),
        themeName: 'Demo site theme',
        initScreenRejectButtonShowing: true,
      } satisfies ThemeDraft),
      now,
    );
    const appTheme = await themes.insert(
      tx,
      org.pcode,
      ThemeSettings.parse({ ...defaultAppTheme(), themeName: 'Demo app theme' }),
      now,
    );
    for (const [drafts, type, themeId] of [
      [demoSites, 'SITE', siteTheme.themeId],
      [demoApps, 'APP', appTheme.themeId],
    ] as const) {
      for (const draft of drafts) {
        const values = PropertySettings.parse({ ...draft, propertyType: type, themeId });
        const payload = await checkPropertyForSave(tx, deps, org.pcode, values);
        await properties.insert(tx, org.pcode, payload, now);
      }
    }
    return org.pcode;
  });
  options.phases?.mark('demo-account');
  await seedDemoVisits(deps, pcode, now);
  return { email: DEMO_EMAIL, password, pcode };
}

/** A small deterministic generator (mulberry32), so every demo looks the same. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

/** Where demo visitors come from: mostly Europe and the United States, some from elsewhere. */
const EUROPEAN_VISITORS = ['FR', 'DE', 'GB', 'IT', 'ES', 'NL'];
const US_STATES = ['CA', 'VA', 'TX', 'NY', 'CO'];
const OTHER_VISITORS = ['CA', 'BR', 'JP', 'IN', 'AU'];

/**
 * A month of page views on the demo's properties, so the consent rates, reports and logs have
 * something to show: the outcome mix of a typical banner (accept all most often), visitors from
 * Europe, the United States and elsewhere, each with the regulation the banner's own rule
 * (`regulationFor`) gives that visitor on that property: a worldwide property shows GDPR to a
 * visitor from Japan, an EEA-only one shows nothing (0) to an American. So the dashboard's
 * "Sessions by country" and "Sessions by regulation" differ, as they do on real traffic.
 */
export function demoVisitRecords(
  list: ReadonlyArray<Pick<Property, 'uuid' | 'themeId' | 'propertyType'> & PropertyValues>,
  pcode: string,
  now: Date,
): VisitRecord[] {
  const next = random(4600);
  const records: VisitRecord[] = [];
  for (const p of list) {
    const has = regulationsOf(p);
    const gbc = compileGbc(p);
    const cop = p.consentOrPayConfig.enabled ? p.consentOrPayConfig.countries : [];
    for (let day = 1; day <= 30; day++) {
      const count = 15 + Math.floor(next() * 30);
      for (let i = 0; i < count; i++) {
        const where = next();
        // Most visitors come from the regions the property's regulations cover.
        const usShare = has.us ? (has.gdpr ? 0.35 : 0.8) : 0.1;
        const country =
          where < usShare
            ? 'US'
            : where < 0.9
              ? pick(next, EUROPEAN_VISITORS)
              : pick(next, OTHER_VISITORS);
        const state = country === 'US' ? pick(next, US_STATES) : null;
        const regulation = regulationFor(
          p.consentLocations ?? [],
          { country, ...(state ? { state } : {}) },
          has,
        );
        const us = regulation === 'US';
        const roll = next();
        const receivedAt = new Date(
          now.getTime() - day * 86_400_000 + Math.floor(next() * 86_400_000),
        );
        const region = { country, ...(state ? { state } : {}) };
        // Google basic consent: its state at the end of the page view (`g`); where no regulation
        // applies it alone does: nothing is asked (not shown), the defaults stay (the runtime's
        // rule, state.ts).
        const gbcHere = gbc && gbcAppliesTo(gbc, region) ? gbc : undefined;
        const gbcOnly = !!gbcHere && regulation === 'NONE';
        let o: VisitEvent['o'] = roll < 0.62 ? 'a' : roll < 0.8 ? 'r' : roll < 0.88 ? 'p' : 'b';
        let existing = next() < 0.3;
        // Consent or Pay's screen for its countries' GDPR visitors who were asked: some click
        // subscribe or log in and leave for the publisher's page.
        let c: VisitEvent['c'];
        if (regulation === 'GDPR' && !existing && cop.includes(country)) {
          const click = next();
          c = click < 0.06 ? 's' : click < 0.09 ? 'l' : 'y';
          if (c !== 'y') o = 'b';
        }
        const gbcOutcome = regulation === 'NONE' && gbcDefaultOutcome(gbc, region);
        if (gbcOutcome) {
          o = gbcOutcome;
          existing = true;
        }
        const event: VisitEvent = {
          p: p.uuid,
          t: p.themeId,
          r:
            regulation === 'GDPR'
              ? 1
              : us
                ? state === 'NY' || state === 'TX'
                  ? 2
                  : 3
                : gbcHere
                  ? 10
                  : 0,
          ...(us && state ? { s: state } : {}),
          o,
          ...(existing ? { x: 1 as const } : {}),
          ...(gbcHere ? { g: gbcVisitCode(gbcHere, gbcOnly ? undefined : consentModeOf(o)) } : {}),
          ...(c ? { c } : {}),
          f: p.propertyType === 'SITE' && next() < 0.1 ? 'A' : 'H',
          d: pick(next, ['d', 'm', 'm', 't'] as const),
          os: pick(next, ['Android', 'iOS', 'Windows', 'macOS']),
          b: pick(next, ['Chrome', 'Safari', 'Firefox', 'Edge']),
          ts: receivedAt.getTime(),
        };
        records.push({ pcode, propertyUuid: p.uuid, event, country, region: state, receivedAt });
      }
    }
  }
  return records;
}

/**
 * The Consent Mode state a choice leaves: everything granted on accept, denied on reject, ads
 * denied and analytics granted on a partial choice; a bounce keeps the defaults (undefined).
 */
function consentModeOf(o: VisitEvent['o']): ConsentModeState | undefined {
  if (o === 'b') return undefined;
  return Object.fromEntries(
    GBC_REPORTED_SIGNALS.map((id) => [
      id,
      o === 'a' || (o === 'p' && id === 'analytics_storage') ? 'granted' : 'denied',
    ]),
  );
}

/** Posts the demo's visits through the same group-commit pipeline as the beacon's (same validation of codes, enrichment and rollups). */
async function seedDemoVisits(deps: AppDeps, pcode: string, now: Date): Promise<void> {
  const records = demoVisitRecords(await properties.list(deps.db, pcode), pcode, now);
  const sink = groupCommitSink(deps.db, {
    maxBatch: 1000,
    maxWaitMs: 0,
    write: deps.analytics.write,
  });
  await Promise.all(records.map((r) => sink.accept(r)));
  await sink.close();
}
