import { bannerConfigFixture } from '@assent/core/banner';
import type { BannerConfig, GoogleVendorNames, VisitorRegion } from '@assent/core/banner';
import type { RuntimeDeps } from '../src/cmp';
import { init } from '../src/cmp';
import type { StubOptions } from '../src/stub';
import { installStub, LOCATOR_KEY } from '../src/stub';
import type { VendorListJson } from '../src/ui/second-layer';

export const NOW = new Date(Date.UTC(2025, 5, 1, 12, 0, 0));

type Win = Window & Record<string, unknown>;
/** A started runtime. */
export type Cmp = Awaited<ReturnType<typeof init>>;

/** Clears what a previous test left on the shared happy-dom window. */
export function resetWindow(): void {
  const w = window as unknown as Win;
  for (const name of ['__tcfapi', '__gpp', '__uspapi', 'dataLayer']) delete w[name];
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=;path=/;max-age=0`;
  }
  document.body.replaceChildren();
  document.head.replaceChildren();
  // A runtime that ran before told the stub its locator frames (a later page view's state).
  localStorage.removeItem(LOCATOR_KEY);
}

export function setNavigator(props: { languages?: string[]; gpc?: boolean; userAgent?: string }) {
  const nav = window.navigator as unknown as Record<string, unknown>;
  if (props.languages)
    Object.defineProperty(nav, 'languages', { value: props.languages, configurable: true });
  Object.defineProperty(nav, 'globalPrivacyControl', {
    value: props.gpc ?? false,
    configurable: true,
  });
  if (props.userAgent)
    Object.defineProperty(nav, 'userAgent', { value: props.userAgent, configurable: true });
}

export const VENDOR_LIST: VendorListJson = {
  vendorListVersion: 17,
  vendors: {
    '1': { id: 1, name: 'Vendor One', urls: [{ privacy: 'https://one.example/privacy' }] },
    '2': { id: 2, name: 'Vendor <b>Two</b>', urls: [{ privacy: 'javascript:alert(2)' }] },
  },
};

/** Names of two Google providers, as the server serves them (one link unsafe). */
export const GOOGLE_VENDORS: GoogleVendorNames = {
  '89': { name: 'Google ATP <i>89</i>', policyUrl: 'https://atp89.example/privacy' },
  '1051': { name: 'Provider 1051', policyUrl: 'javascript:alert(1)' },
};

export interface Harness {
  cmp: Cmp;
  beacons: Array<{ url: string; body: string }>;
  navigations: Array<{ url: string; newTab: boolean }>;
  fetches: string[];
  deps: RuntimeDeps;
}

export async function start(
  opts: {
    config?: BannerConfig;
    region?: VisitorRegion;
    stub?: StubOptions | false;
    beforeInit?: () => void;
    now?: Date;
    afterPaint?: RuntimeDeps['afterPaint'];
    /** The A/B test draw. */
    random?: () => number;
    /** Post consent records too (to https://t.example/consent). */
    consent?: boolean;
  } = {},
): Promise<Harness> {
  const config = opts.config ?? bannerConfigFixture();
  if (opts.stub !== false)
    installStub(
      window as unknown as Win,
      opts.stub ?? { tcf: true, gpp: true, usp: true, cmpId: config.cmpId },
    );
  opts.beforeInit?.();
  const beacons: Harness['beacons'] = [];
  const navigations: Harness['navigations'] = [];
  const fetches: string[] = [];
  const deps: RuntimeDeps = {
    win: window,
    now: () => opts.now ?? NOW,
    fetch: (async (url: string) => {
      fetches.push(String(url));
      const body = String(url).includes('google-vendors') ? GOOGLE_VENDORS : VENDOR_LIST;
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
    loadSecondLayer: () => import('../src/ui/second-layer'),
    navigate: (url, newTab) => navigations.push({ url, newTab }),
    sendBeacon: (url, body) => beacons.push({ url, body }),
    onError: (e) => {
      throw e;
    },
    ...(opts.afterPaint ? { afterPaint: opts.afterPaint } : {}),
    ...(opts.random ? { random: opts.random } : {}),
  };
  const cmp = await init(
    {
      config,
      region: opts.region ?? { country: 'FR' },
      endpoints: {
        vendorList: 'https://cdn.example/gvl/v{version}/{lang}.json',
        googleVendors: 'https://cdn.example/google-vendors.json',
        visit: 'https://t.example/visit',
        ...(opts.consent ? { consent: 'https://t.example/consent' } : {}),
      },
    },
    deps,
  );
  return { cmp, beacons, navigations, fetches, deps };
}

/** Calls a CMP API and resolves with (value, success). */
export function call(api: '__tcfapi' | '__gpp' | '__uspapi', command: string, ...rest: unknown[]) {
  return new Promise<[unknown, boolean]>((resolve) => {
    const fn = (window as unknown as Record<string, (...a: unknown[]) => void>)[api]!;
    const cb = (value: unknown, success: boolean) => resolve([value, success]);
    if (api === '__gpp') fn(command, cb, rest[0], rest[1]);
    else fn(command, rest.length ? rest[0] : 2, cb, rest[1]);
  });
}

export const button = (cmp: Cmp, action: string) =>
  cmp.root.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
export const flush = () => new Promise((r) => setTimeout(r, 0));
