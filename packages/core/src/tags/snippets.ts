import type { BannerStubOptions } from '../banner/compile/stub';
import type { TagResponse } from './tag';
import { TAG_TITLES } from './tag';

/**
 * The tags a publisher pastes, as plain strings (the server answers them, the console and the CLI
 * show them verbatim), and the public paths of the consent runtime they point at. The inline stub
 * is part of every script tag: it must run before any vendor's script.
 */

/** Tokens of the runtime's dist files that the server replaces when serving them. */
export const BANNER_TOKENS = {
  stubOptions: '__ASSENT_STUB_OPTIONS__',
  boot: '__ASSENT_BOOT__',
  /**
   * cmp.js's loader: `{runtime, config, fast, boot}`: URLs (BANNER_PATHS.runtimeFile,
   * .propertyConfig, fast.js) and the boot JSON inline.
   */
  loader: '__ASSENT_LOADER__',
  groupOrigins: '__ASSENT_GROUP_ORIGINS__',
} as const;

/** The consent runtime's public paths on the Assent server (all under /banner/, frameable). */
export const BANNER_PATHS = {
  /** The CMP of one property (site tag, app WebViews). */
  propertyScript: (uuid: string) => `/banner/property/${encodeURIComponent(uuid)}/cmp.js`,
  /** The CMP of an account's sites, chosen by `?host=` (universal tag). */
  accountScript: (pCode: string) => `/banner/account/${encodeURIComponent(pCode)}/cmp.js`,
  /**
   * The boot JSON (`{config, region, endpoints}`) of one property for this visitor, which cmp.js
   * carries inline (its URL keys what the runtime keeps; loaders cached before fetch it);
   * `?tag=universal` for the universal tag's.
   */
  propertyConfig: (uuid: string) => `/banner/property/${encodeURIComponent(uuid)}/config.json`,
  /**
   * A runtime file of one build (cmp.js, cmp-gdpr.js, second-layer.js), cached for a year: the
   * build id changes whenever the files do.
   */
  runtimeFile: (build: string, file: string) =>
    `/banner/runtime/${encodeURIComponent(build)}/${encodeURIComponent(file)}`,
  /** The runtime's vendor-list template (`{version}` and `{lang}` filled by the runtime). */
  vendorList: '/banner/vendor-list/{version}/{lang}.json',
  /** Names and policy links of Google's ad-technology providers, for the second layer. */
  googleVendors: '/banner/google-vendors.json',
  /** The visit beacon sink. */
  visit: '/banner/visit',
  /** The consent beacon sink (one consent record per visitor choice). */
  consent: '/banner/consent',
  /** Group consent: the iframe storage page and the API storage. */
  groupFrame: (pCode: string, group: string) =>
    `/banner/group/${encodeURIComponent(pCode)}/${encodeURIComponent(group)}/frame`,
  groupStorage: (pCode: string, group: string) =>
    `/banner/group/${encodeURIComponent(pCode)}/${encodeURIComponent(group)}/storage`,
  /** AMP: amp-consent's checkConsentHref (POST) and promptUISrc (page). */
  ampCheck: (uuid: string) => `/banner/amp/${encodeURIComponent(uuid)}/check`,
  ampPrompt: (uuid: string) => `/banner/amp/${encodeURIComponent(uuid)}/prompt`,
} as const;

/** amp-consent's extension script. */
export const AMP_CONSENT_SCRIPT =
  '<script async custom-element="amp-consent" src="https://cdn.ampproject.org/v0/amp-consent-0.1.js"></script>';

/** The id of the `<amp-consent>` element the AMP tag creates (its `prompt` action reopens the UI). */
export const AMP_CONSENT_ELEMENT_ID = 'assent-consent';
export const AMP_CONSENT_LINK_ID = 'assent-consent-link';

export const TAG_INSTRUCTIONS = {
  universal: [
    'Paste the tag as the first element of the <head> of every page of your sites, before any other script.',
    "One tag serves every site of your account: the banner is chosen by the page's host name (www. matches, and subdomains match when the site applies to subdomains).",
    "Google basic consent: the tag denies consent by default, before any Google tag runs, in the regions where your sites use Google basic consent; each site's own defaults and the visitor's choice follow when the banner script loads. Get the tag again after changing the Google basic consent of a site.",
  ],
  site: [
    'Paste the tag as the first element of the <head> of every page of the site, before any other script.',
    "Keep the first script inline: it answers vendors' calls and sets the Google consent defaults before the banner loads.",
    'Get the tag again after changing the regulations or the Google basic consent of this site.',
  ],
  amp: [
    'Paste the styles block into the <head> of your AMP pages (if the page already has a <style amp-custom> element, move the CSS rules into it).',
    'Paste the <amp-consent> element right after the opening <body> tag.',
    'Add data-block-on-consent to the AMP elements (ads, analytics) that must wait for the visitor’s choice.',
  ],
} as const;

/**
 * JSON safe inside an HTML `<script>` element: `<`, `>` and `&` escaped so no value can close the
 * element, and the two line separators JavaScript once refused.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Replaces a dist file's token with JSON (a function replacer: `$` in the JSON stays literal). */
export function replaceToken(source: string, token: string, value: unknown): string {
  if (!source.includes(token)) throw new Error(`The runtime file has no ${token} token`);
  const json = inlineJson(value);
  return source.replace(token, () => json);
}

/** The stub with its options, ready to inline. */
export const inlineStub = (stubSource: string, options: BannerStubOptions): string =>
  replaceToken(stubSource.trim(), BANNER_TOKENS.stubOptions, options);

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A label safe inside an HTML comment. */
const commentText = (value: string): string =>
  value.replace(/[^\w.:/@ -]/g, '').replace(/-{2,}/g, '-');

/** Assent's origin without a trailing slash. */
const originOf = (origin: string): string => origin.replace(/\/+$/, '');

export interface UniversalTagInput {
  /** Assent's public origin, e.g. https://consent.example.com. */
  origin: string;
  /** packages/banner/dist/stub.js (with its options token). */
  stubSource: string;
  pCode: string;
  stubOptions: BannerStubOptions;
}

/**
 * The universal tag (one per account): the stub, then a loader that asks for the CMP of the site
 * the page belongs to, by the page's host name.
 */
export function universalTag(input: UniversalTagInput): TagResponse {
  const src = `${originOf(input.origin)}${BANNER_PATHS.accountScript(input.pCode)}?host=`;
  const loader = `(function(d){var s=d.createElement('script');s.async=true;s.src=${JSON.stringify(src)}+encodeURIComponent(location.hostname);(d.head||d.documentElement).appendChild(s)})(document);`;
  const snippet = [
    '<!-- Assent consent tag (universal) -->',
    `<script>${inlineStub(input.stubSource, input.stubOptions)}\n${loader}</script>`,
  ].join('\n');
  return {
    type: 'universal',
    title: TAG_TITLES.universal,
    snippet,
    styles: null,
    instructions: [...TAG_INSTRUCTIONS.universal],
  };
}

export interface SiteTagInput {
  origin: string;
  stubSource: string;
  property: { uuid: string; url?: string | undefined; packageId?: string | undefined };
  stubOptions: BannerStubOptions;
}

/** The site tag (one property): the stub with the property's options, then its CMP script. */
export function siteTag(input: SiteTagInput): TagResponse {
  const src = `${originOf(input.origin)}${BANNER_PATHS.propertyScript(input.property.uuid)}`;
  const name = commentText(input.property.url ?? input.property.packageId ?? '');
  const snippet = [
    `<!-- Assent consent tag${name ? `: ${name}` : ''} -->`,
    `<script>${inlineStub(input.stubSource, input.stubOptions)}</script>`,
    `<script async src="${escapeAttribute(src)}"></script>`,
  ].join('\n');
  return {
    type: 'site',
    title: TAG_TITLES.site,
    snippet,
    styles: null,
    instructions: [...TAG_INSTRUCTIONS.site],
  };
}

export type AmpLinkLocation = 'BOTTOM_RIGHT' | 'BOTTOM_LEFT' | 'TOP_RIGHT' | 'TOP_LEFT';

export interface AmpTagInput {
  origin: string;
  property: { uuid: string; url?: string | undefined };
  /** Add the persistent consent link (a button reopening the prompt). */
  persistentLink: boolean;
  /** The link's label (the theme's persistent link label, or the default). */
  linkLabel: string;
  linkLocation: AmpLinkLocation;
}

/** The amp-consent configuration of the AMP tag. */
export function ampConsentConfig(input: AmpTagInput) {
  const origin = originOf(input.origin);
  return {
    consentInstanceId: `assent-${input.property.uuid}`,
    consentRequired: 'remote',
    checkConsentHref: `${origin}${BANNER_PATHS.ampCheck(input.property.uuid)}`,
    promptUISrc: `${origin}${BANNER_PATHS.ampPrompt(input.property.uuid)}`,
    ...(input.persistentLink ? { postPromptUI: AMP_CONSENT_LINK_ID } : {}),
    uiConfig: { overlay: true },
  };
}

const LINK_POSITION: Record<AmpLinkLocation, string> = {
  BOTTOM_RIGHT: 'bottom:12px;right:12px',
  BOTTOM_LEFT: 'bottom:12px;left:12px',
  TOP_RIGHT: 'top:12px;right:12px',
  TOP_LEFT: 'top:12px;left:12px',
};

/**
 * The AMP tag: an `<amp-consent>` whose checkConsentHref and promptUISrc point at Assent, with the
 * optional persistent consent link; and the styles block for the page head (amp-consent's script
 * and the link's CSS).
 */
export function ampTag(input: AmpTagInput): TagResponse {
  const name = commentText(input.property.url ?? '');
  const lines = [
    `<!-- Assent AMP consent${name ? `: ${name}` : ''} -->`,
    `<amp-consent id="${AMP_CONSENT_ELEMENT_ID}" layout="nodisplay">`,
    `  <script type="application/json">${inlineJson(ampConsentConfig(input))}</script>`,
  ];
  if (input.persistentLink) {
    lines.push(
      `  <div id="${AMP_CONSENT_LINK_ID}">`,
      `    <button class="${AMP_CONSENT_LINK_ID}" on="tap:${AMP_CONSENT_ELEMENT_ID}.prompt" role="button" tabindex="0">${escapeText(input.linkLabel)}</button>`,
      '  </div>',
    );
  }
  lines.push('</amp-consent>');
  const css = input.persistentLink
    ? `.${AMP_CONSENT_LINK_ID}{position:fixed;${LINK_POSITION[input.linkLocation]};z-index:1000;padding:8px 12px;border:1px solid #206DC5;border-radius:4px;background:#fff;color:#206DC5;font:14px/1.2 sans-serif;cursor:pointer}`
    : `#${AMP_CONSENT_ELEMENT_ID}{z-index:1000}`;
  return {
    type: 'amp',
    title: TAG_TITLES.amp,
    snippet: lines.join('\n'),
    styles: [AMP_CONSENT_SCRIPT, `<style amp-custom>${css}</style>`].join('\n'),
    instructions: [...TAG_INSTRUCTIONS.amp],
  };
}

// ---------------------------------------------------------------------------------------------
// Which pages belong to a site: the universal tag's lookup, and the CORS checks of the runtime's
// endpoints.

/** A site property as the host rules need it. */
export interface SiteHostRef {
  url?: string | undefined;
  applyToSubDomains?: boolean | undefined;
}

/** The host name of a site url ('example.com:8080/news' → 'example.com'), lower case. */
export function siteHost(url: string): string {
  return (url.trim().toLowerCase().split(/[/?#]/)[0] ?? '').replace(/:\d+$/, '');
}

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * How a page's host name matches a site: 3 the site's host itself, 2 its www./bare twin, 1 a
 * subdomain (only when the site applies to subdomains), 0 no match.
 */
export function hostMatch(host: string, site: SiteHostRef): 0 | 1 | 2 | 3 {
  const page = host.trim().toLowerCase().replace(/\.$/, '');
  const own = siteHost(site.url ?? '');
  if (!page || !own) return 0;
  if (page === own) return 3;
  if (withoutWww(page) === withoutWww(own)) return 2;
  if (site.applyToSubDomains && page.endsWith(`.${withoutWww(own)}`)) return 1;
  return 0;
}

/**
 * The site a page belongs to, by its host name: the exact host first, then the www. twin, then
 * the closest parent that applies to subdomains. Ties go to the first in the given order.
 */
export function findSiteByHost<T extends SiteHostRef>(
  sites: readonly T[],
  host: string,
): T | undefined {
  let best: { site: T; score: number } | undefined;
  for (const site of sites) {
    const match = hostMatch(host, site);
    if (!match) continue;
    const score = match * 1000 + siteHost(site.url ?? '').length;
    if (!best || score > best.score) best = { site, score };
  }
  return best?.site;
}

/** The host name of an http(s) origin, or undefined for anything else ('null', file:, …). */
export function originHost(origin: string): string | undefined {
  const m = /^https?:\/\/(\[[^\]]+\]|[^/:?#]+)(?::\d{1,5})?\/?$/i.exec(origin.trim());
  return m?.[1]?.toLowerCase();
}

/** Whether a request's Origin belongs to a site (its host, www. twin, or subdomains when it applies to them). */
export const originBelongsToSite = (origin: string, site: SiteHostRef): boolean => {
  const host = originHost(origin);
  return host !== undefined && hostMatch(host, site) > 0;
};

/** The origins of a site, both schemes, with its port if its url has one (for exact allow-lists). */
export function siteOrigins(site: SiteHostRef): string[] {
  const raw = (site.url ?? '').trim().toLowerCase().split(/[/?#]/)[0] ?? '';
  if (!raw) return [];
  const port = /:\d+$/.exec(raw)?.[0] ?? '';
  const host = raw.slice(0, raw.length - port.length);
  const hosts = host.startsWith('www.') ? [host, host.slice(4)] : [host, `www.${host}`];
  return hosts.flatMap((h) => [`https://${h}${port}`, `http://${h}${port}`]);
}

/** Google's and Bing's AMP caches, which serve publishers' AMP pages from their own origins. */
export const isAmpCacheOrigin = (origin: string): boolean =>
  /^https:\/\/([a-z0-9-]+\.)*(cdn\.ampproject\.org|bing-amp\.com|ampproject\.net)$/i.test(
    origin.trim(),
  );

/**
 * Google consent mode defaults as a script of their own (the universal tag's cmp.js starts with
 * it: the universal stub cannot know a property's defaults).
 */
export function consentModeScript(consentMode: BannerStubOptions['consentMode']): string {
  if (!consentMode) return '';
  const calls = [
    ...consentMode.defaults.map((d) => `g('consent','default',${inlineJson(d)});`),
    consentMode.urlPassThrough ? "g('set','url_passthrough',true);" : '',
    consentMode.adsDataRedaction ? "g('set','ads_data_redaction',true);" : '',
  ].join('');
  return `(function(w){var l=w.dataLayer=w.dataLayer||[];function g(){l.push(arguments)}${calls}})(window);\n`;
}

/**
 * The theme preview's script: the stub, then cmp.js run as if loaded from `chunkBase` (an inline
 * script has no src, so the lazy second layer would not know where to load from).
 */
export function previewScript(stub: string, cmp: string, chunkBase: string): string {
  const src = inlineJson(chunkBase);
  return [
    stub,
    `Object.defineProperty(document,'currentScript',{configurable:true,get:function(){return{src:${src}}}});`,
    `try{${cmp}}finally{delete document.currentScript}`,
  ].join('\n');
}
