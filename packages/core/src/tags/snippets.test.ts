import { describe, expect, it } from 'vitest';
import {
  AMP_CONSENT_SCRIPT,
  BANNER_PATHS,
  TAG_INSTRUCTIONS,
  ampTag,
  consentModeScript,
  findSiteByHost,
  hostMatch,
  inlineJson,
  isAmpCacheOrigin,
  originBelongsToSite,
  previewScript,
  replaceToken,
  siteHost,
  siteOrigins,
  siteTag,
  universalTag,
} from './snippets';
import { TAG_TITLES, TagResponse } from './tag';

/** A stand-in for dist/stub.js: records its options on the window it runs in. */
const STUB = 'window.__stubbed=__ASSENT_STUB_OPTIONS__;';
const ORIGIN = 'https://consent.example/';

/** Runs the inline scripts of a snippet against a fake window and document. */
function runInline(snippet: string, hostname = 'www.news.example') {
  const appended: Array<{ src: string; async: boolean }> = [];
  const win: Record<string, unknown> = {};
  const doc = {
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
  };
  for (const [, code] of snippet.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    new Function('window', 'document', 'location', code!)(win, doc, { hostname });
  }
  return { win, appended };
}

describe('site tag', () => {
  const tag = siteTag({
    origin: ORIGIN,
    stubSource: STUB,
    property: { uuid: 'u-1', url: 'news.example' },
    stubOptions: { tcf: true, gpp: true, usp: false, cmpId: 300 },
  });

  it('inlines the stub with its options, then loads the property’s CMP', () => {
    expect(TagResponse.parse(tag)).toEqual(tag);
    expect(tag).toMatchObject({ type: 'site', title: TAG_TITLES.site, styles: null });
    expect(tag.instructions).toEqual([...TAG_INSTRUCTIONS.site]);
    expect(tag.snippet).not.toContain('__ASSENT_STUB_OPTIONS__');
    expect(tag.snippet).toContain(
      '<script async src="https://consent.example/banner/property/u-1/cmp.js"></script>',
    );
    expect(tag.snippet.startsWith('<!-- Assent consent tag: news.example -->')).toBe(true);
    expect(runInline(tag.snippet).win.__stubbed).toEqual({
      tcf: true,
      gpp: true,
      usp: false,
      cmpId: 300,
    });
  });
});

describe('universal tag', () => {
  it('loads the account’s CMP for the page’s host name', () => {
    const tag = universalTag({
      origin: ORIGIN,
      stubSource: STUB,
      pCode: 'AB12',
      stubOptions: { tcf: true, gpp: true, usp: true, cmpId: 4095 },
    });
    expect(tag).toMatchObject({ type: 'universal', title: 'Your Universal Tag', styles: null });
    const { win, appended } = runInline(tag.snippet, 'www.news.example');
    expect(win.__stubbed).toMatchObject({ usp: true });
    expect(appended).toEqual([
      {
        async: true,
        src: 'https://consent.example/banner/account/AB12/cmp.js?host=www.news.example',
      },
    ]);
  });
});

describe('AMP tag', () => {
  const input = {
    origin: ORIGIN,
    property: { uuid: 'u-9', url: 'amp.news.example' },
    persistentLink: true,
    linkLabel: 'Privacy <settings>',
    linkLocation: 'BOTTOM_LEFT' as const,
  };

  it('configures amp-consent with the check and prompt URLs and the persistent link', () => {
    const tag = ampTag(input);
    expect(TagResponse.parse(tag)).toEqual(tag);
    const json = /<script type="application\/json">([^<]*)<\/script>/.exec(tag.snippet)?.[1];
    expect(JSON.parse(json!)).toEqual({
      consentInstanceId: 'assent-u-9',
      consentRequired: 'remote',
      checkConsentHref: 'https://consent.example/banner/amp/u-9/check',
      promptUISrc: 'https://consent.example/banner/amp/u-9/prompt',
      postPromptUI: 'assent-consent-link',
      uiConfig: { overlay: true },
    });
    expect(tag.snippet).toContain('on="tap:assent-consent.prompt"');
    expect(tag.snippet).toContain('>Privacy &lt;settings&gt;</button>');
    expect(tag.styles).toContain(AMP_CONSENT_SCRIPT);
    expect(tag.styles).toContain('<style amp-custom>');
    expect(tag.styles).toContain('bottom:12px;left:12px');
  });

  it('leaves the link out when not asked for', () => {
    const tag = ampTag({ ...input, persistentLink: false });
    expect(tag.snippet).not.toContain('postPromptUI');
    expect(tag.snippet).not.toContain('<button');
    expect(tag.styles).toContain(AMP_CONSENT_SCRIPT);
  });
});

describe('inlining', () => {
  it('inlineJson cannot close a script element', () => {
    const json = inlineJson({ a: '</script><script>alert(1)</script>', b: '\u2028&' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ a: '</script><script>alert(1)</script>', b: '\u2028&' });
  });

  it('replaceToken keeps $ patterns literal and refuses a file without the token', () => {
    expect(replaceToken('x=__T__;', '__T__', { v: "$1$'" })).toBe('x={"v":"$1$\'"};');
    expect(() => replaceToken('x=1', '__T__', 1)).toThrow(/__T__/);
  });

  it('paths are URL-encoded', () => {
    expect(BANNER_PATHS.groupFrame('a b', 'g1')).toBe('/banner/group/a%20b/g1/frame');
  });
});

describe('consent mode and preview scripts', () => {
  it('consentModeScript pushes the defaults and flags to the dataLayer as gtag does', () => {
    const code = consentModeScript({
      defaults: [{ wait_for_update: 500, ad_storage: 'denied', region: ['US'] }],
      urlPassThrough: true,
      adsDataRedaction: false,
    });
    const win: { dataLayer?: unknown[] } = {};
    new Function('window', code)(win);
    expect(win.dataLayer!.map((a) => Array.from(a as ArrayLike<unknown>))).toEqual([
      ['consent', 'default', { wait_for_update: 500, ad_storage: 'denied', region: ['US'] }],
      ['set', 'url_passthrough', true],
    ]);
    expect(consentModeScript(undefined)).toBe('');
  });

  it('previewScript runs cmp.js as if loaded from the chunk base, then restores currentScript', () => {
    const code = previewScript(
      'window.stub=1;',
      'window.seen=document.currentScript.src;',
      'https://a.example/banner/preview/cmp.js',
    );
    class Doc {
      get currentScript() {
        return null;
      }
    }
    const document = new Doc();
    const win: Record<string, unknown> = {};
    new Function('window', 'document', code)(win, document);
    expect(win).toEqual({ stub: 1, seen: 'https://a.example/banner/preview/cmp.js' });
    expect(document.currentScript).toBeNull();
  });
});

describe('host rules', () => {
  const sites = [
    { id: 1, url: 'news.example', applyToSubDomains: true },
    { id: 2, url: 'sport.news.example' },
    { id: 3, url: 'www.shop.example:8080/de' },
  ];

  it('siteHost drops port and path', () => {
    expect(siteHost('WWW.Shop.example:8080/de')).toBe('www.shop.example');
  });

  it('matches the host, its www twin, and subdomains only when the site applies to them', () => {
    expect(hostMatch('news.example', sites[0]!)).toBe(3);
    expect(hostMatch('www.news.example', sites[0]!)).toBe(2);
    expect(hostMatch('live.news.example', sites[0]!)).toBe(1);
    expect(hostMatch('live.sport.news.example', sites[1]!)).toBe(0);
    expect(hostMatch('shop.example', sites[2]!)).toBe(2);
    expect(hostMatch('evilnews.example', sites[0]!)).toBe(0);
  });

  it('findSiteByHost prefers the exact site over a parent applying to subdomains', () => {
    expect(findSiteByHost(sites, 'sport.news.example')?.id).toBe(2);
    expect(findSiteByHost(sites, 'live.news.example')?.id).toBe(1);
    expect(findSiteByHost(sites, 'www.shop.example')?.id).toBe(3);
    expect(findSiteByHost(sites, 'other.example')).toBeUndefined();
  });

  it('origins of a site, and whether a request origin belongs to it', () => {
    expect(siteOrigins({ url: 'news.example' })).toEqual([
      'https://news.example',
      'http://news.example',
      'https://www.news.example',
      'http://www.news.example',
    ]);
    expect(siteOrigins({ url: 'www.shop.example:8080/de' })).toContain('http://shop.example:8080');
    expect(originBelongsToSite('https://live.news.example', sites[0]!)).toBe(true);
    expect(originBelongsToSite('https://live.news.example', sites[1]!)).toBe(false);
    expect(originBelongsToSite('null', sites[0]!)).toBe(false);
    expect(originBelongsToSite('file://news.example', sites[0]!)).toBe(false);
  });

  it('recognises the AMP caches', () => {
    expect(isAmpCacheOrigin('https://news-example.cdn.ampproject.org')).toBe(true);
    expect(isAmpCacheOrigin('https://www.bing-amp.com')).toBe(true);
    expect(isAmpCacheOrigin('https://cdn.ampproject.org.evil.example')).toBe(false);
    expect(isAmpCacheOrigin('http://x.cdn.ampproject.org')).toBe(false);
  });
});
