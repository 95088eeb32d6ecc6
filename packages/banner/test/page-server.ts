import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * A publisher page for real-browser runs: the inline stub (options inlined as the server will),
 * cmp.js served with its boot JSON, the lazy chunks, a vendor list and a visit endpoint.
 */
export async function servePublisherPage(opts: {
  stubOptions: object;
  boot: object;
  vendorList: object;
}): Promise<{ url: string; visits: string[]; close(): Promise<void> }> {
  const stub = readFileSync(path.join(DIST, 'stub.js'), 'utf8').replace(
    '__ASSENT_STUB_OPTIONS__',
    JSON.stringify(opts.stubOptions),
  );
  const cmp = readFileSync(path.join(DIST, 'cmp.js'), 'utf8').replace(
    '__ASSENT_BOOT__',
    JSON.stringify(opts.boot),
  );
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Publisher</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<script>${stub}</script><script async src="/cmp.js"></script></head>
<body style="font-family:Georgia,serif;margin:40px"><h1>The Daily Example</h1>
<p>Some article text on the publisher's page, behind the consent banner.</p></body></html>`;
  const visits: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url === '/') return send('text/html; charset=utf-8', page);
    if (url === '/cmp.js') return send('text/javascript', cmp);
    if (url === '/second-layer.js')
      return send('text/javascript', readFileSync(path.join(DIST, 'second-layer.js'), 'utf8'));
    if (url.startsWith('/gvl/')) return send('application/json', JSON.stringify(opts.vendorList));
    if (url === '/visit') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        visits.push(body);
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    visits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
