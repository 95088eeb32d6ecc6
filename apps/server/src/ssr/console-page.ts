import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FetchLike, FetchResponse } from '@assent/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../services/auth';
import { latestVersion } from './file-version';
import { buildManifest, preloadLinks } from './module-preload';

/** A rendered page holds the account's data: never stored, and only for this cookie. */
export const RENDERED_CACHE_CONTROL = 'private, no-store';

/** Where the console's server render is built (`vite build --ssr`): beside, not in, its dist. */
export const serverRenderDir = (webDist: string): string => `${webDist}-ssr`;

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';

/**
 * The report queries the renders post (the dashboard's summary, insights and country table; the
 * properties list's consent rates): they read, and are sent with the console's origin as the
 * browser's are. Any other write the render made would go without it, refused by the API's origin
 * check (CSRF), and the page sent plain.
 */
const READING_POSTS =
  /^\/analytics\/v1\/(summary-comparison|insights|country-table|properties)\/pcode\/[^/?]+(\?|$)/;

/**
 * How much longer than the server's limit the dashboard's render may take: its three report
 * queries are the heavy part (about 300 ms at 10 million visits on a quiet machine, more under
 * load); a render given up sends the plain page, whose browser then asks the same queries again.
 */
export const DASHBOARD_TIME_LIMIT_FACTOR = 3;

/** apps/web/src/entry-server.tsx, as built. */
interface ServerRenderModule {
  /** The page rendered at `url` (path and query string), or null when rendered in the browser. */
  renderedPage(url: string): 'properties' | 'dashboard' | null;
  /** The build manifest keys of the modules the page at `url` loads first (a bundle from before: none). */
  pageModules?(url: string): string[];
  render(input: {
    url: string;
    fetch: FetchLike;
    now: Date;
    signal: AbortSignal;
  }): Promise<{ html: string; state: string } | null>;
}

/**
 * The console's HTML for a GET of one of its pages. With a session cookie, on a page the console
 * renders on the server (apps/web/src/entry-server.tsx: the properties list, the reports
 * dashboard), the page's markup and data are in it: the render's calls go through `app.inject`
 * with the request's cookie, so authentication, CSRF and account scoping are the API's. Anything
 * else, or any failure (no server build, a call that is not 2xx — signed out, say —, a render
 * error, over the time limit, its bundle still loading), sends the plain index.html as before, a
 * failure logged on one line.
 */
export function consolePages(
  app: FastifyInstance,
  webDist: string,
  options: {
    /**
     * A render taking longer is dropped, the plain page sent (config's `ssrTimeLimitMs`; the
     * dashboard's is `DASHBOARD_TIME_LIMIT_FACTOR` times it); 0: no render.
     */
    timeLimitMs: number;
    /** The console's origin for `request` (what the API's CSRF check expects). */
    originOf: (request: FastifyRequest) => string;
  },
) {
  const { timeLimitMs, originOf } = options;
  // Loaded by the first console page (and again after a rebuild, as the static files are read
  // again), in the background: pages are plain until it is in (it is large; no page waits).
  const bundle = latestVersion(
    path.join(serverRenderDir(webDist), 'entry-server.js'),
    (file, mtimeMs) =>
      (import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<ServerRenderModule>).catch(
        (error: unknown) => {
          app.log.warn({ err: error }, 'server render: cannot load its bundle');
          return undefined;
        },
      ),
  );
  const template = latestVersion(path.join(webDist, 'index.html'), (file) =>
    readFile(file, 'utf8'),
  );
  const manifest = buildManifest(webDist);
  const plain = (reply: FastifyReply) => reply.type('text/html').sendFile('index.html', webDist);

  return async function sendConsolePage(request: FastifyRequest, reply: FastifyReply) {
    if (timeLimitMs === 0) return plain(reply);
    const module = (await bundle())?.settled;
    const cookies = request.cookies;
    if (!cookies[SESSION_COOKIE] && !cookies[SECURE_SESSION_COOKIE]) return plain(reply);
    const page = module?.renderedPage(request.url);
    if (!module || !page) return plain(reply);
    const limitMs = page === 'dashboard' ? timeLimitMs * DASHBOARD_TIME_LIMIT_FACTOR : timeLimitMs;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      const [html, chunks, rendered] = await Promise.race([
        Promise.all([
          template().then((version) => {
            if (!version) throw new Error('index.html is missing');
            return version.value;
          }),
          manifest(),
          module.render({
            url: request.url,
            fetch: injectFetch(app, request, originOf(request)),
            now: new Date(),
            signal: controller.signal,
          }),
        ]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const error = new Error(`over ${limitMs} ms`);
            controller.abort(error);
            reject(error);
          }, limitMs);
        }),
      ]);
      if (!rendered) return plain(reply);
      if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
      // The route's chunks are fetched beside the entry script, not once it has run and asked.
      const links = chunks
        ? preloadLinks(chunks, module.pageModules?.(request.url) ?? [], html)
        : '';
      const page = html
        .replace(HEAD_END, () => `${links}${HEAD_END}`)
        .replace(
          ROOT_ELEMENT,
          () =>
            `<div id="root" inert>${rendered.html}</div>` +
            `<script type="application/json" id="assent-state">${rendered.state}</script>`,
        );
      return reply
        .header('cache-control', RENDERED_CACHE_CONTROL)
        .header('vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(page);
    } catch (error) {
      request.log.warn(
        `server render of ${request.url.split('?')[0]} failed, plain page sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      return plain(reply);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The API as the browser of `request` would call it: its cookie, its address, in process; the
 * report queries it posts with the console's origin (`READING_POSTS`).
 */
function injectFetch(app: FastifyInstance, request: FastifyRequest, origin: string): FetchLike {
  return async (url, init): Promise<FetchResponse> => {
    const reading = init.method === 'POST' && READING_POSTS.test(url);
    const response = await app.inject({
      method: init.method as 'GET',
      url,
      headers: {
        ...init.headers,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers.host ? { host: request.headers.host } : {}),
        ...(reading ? { origin } : {}),
      },
      remoteAddress: request.ip,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return {
      status: response.statusCode,
      headers: {
        get: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? null : String(value);
        },
      },
      text: async () => response.body,
      arrayBuffer: async () => new Uint8Array(response.rawPayload).buffer,
    };
  };
}
