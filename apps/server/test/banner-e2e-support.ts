import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { repoPath } from '../src/paths';
import type { LiveServer } from './live-server';

/**
 * What the banner's browser tests share: the built runtime, console API calls as a signed-in
 * publisher, the publisher's own web server on `*.test` host names, and the stored visits.
 */

/** The publisher's host names resolve to the local page server (no DNS, no network). */
export const HOST_RULES = ['--host-resolver-rules=MAP *.test 127.0.0.1'];

/** Builds packages/banner/dist, which the server serves. */
export function buildBanner(): void {
  execFileSync(process.execPath, [repoPath('packages', 'banner', 'build.mjs')], {
    stdio: 'ignore',
  });
}

/** An article page of the publisher with a tag in its head; `body` is added after the article. */
export function publisherPage(tag: string, title: string, body = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title}</title><meta name="viewport" content="width=device-width,initial-scale=1">
${tag}
</head><body style="font-family:Georgia,serif;margin:40px;max-width:720px">
<h1>The Daily Example</h1><p>${title}: an article on the publisher's own site, behind the consent banner served by Assent.</p>
<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer posuere erat a ante venenatis dapibus.</p>
${body}</body></html>`;
}

export interface PublisherServer {
  /** `http://{host}:{port}`: any `*.test` host name reaches this server. */
  origin(host: string): string;
  close(): Promise<void>;
}

/**
 * The publisher's web server: another origin than Assent's. `pageFor` answers the HTML of a path
 * (without the query) on a host name, or undefined for a 404.
 */
export async function startPublisherServer(
  pageFor: (path: string, host: string) => string | undefined,
): Promise<PublisherServer> {
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const body = pageFor(url.pathname, url.hostname);
    res.writeHead(body === undefined ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(body ?? 'Not found');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    origin: (host) => `http://${host}:${port}`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

export interface VisitRow {
  outcome: string;
  shown: boolean;
  page_format: string;
  regulation: number;
}

/** The visits stored for a property, oldest first; `columns` adds more of the table's columns. */
export function visitRows<R extends object = VisitRow>(
  live: LiveServer,
  propertyUuid: string,
  columns = 'outcome, shown, page_format, regulation',
): Promise<R[]> {
  return live.deps.db.query<R>(
    `select ${columns} from visits where property_uuid = $1 order by id`,
    [propertyUuid],
  );
}

/** Waits (up to 10 s) until `count` visits of the property are stored (beacons are asynchronous). */
export async function waitForVisits<R extends object = VisitRow>(
  live: LiveServer,
  propertyUuid: string,
  count: number,
  columns?: string,
): Promise<R[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await visitRows<R>(live, propertyUuid, columns);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return visitRows<R>(live, propertyUuid, columns);
}
