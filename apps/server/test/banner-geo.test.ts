import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Property } from '@assent/core/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../src/paths';
import type { TestServer } from './harness';
import { GEO_HEADER_ENV } from './live-server';
import { createTestServer, json, stores } from './harness';

// ---- A tiny MaxMind DB writer (IPv4, 24-bit records), enough to prove the lookup path.

type Value = string | number | Value[] | { [key: string]: Value };

function encode(value: Value): Buffer {
  const control = (type: number, size: number): Buffer =>
    type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes: number[] = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
    return Buffer.concat([control(value > 0xffff ? 6 : 5, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

/** An IPv4 database mapping prefixes (e.g. '81.0.0.0/8') to records. */
function mmdb(prefixes: Record<string, Value>): Buffer {
  const nodes: Array<[number | undefined, number | undefined]> = [[undefined, undefined]];
  const data: Buffer[] = [];
  const leaves: Array<{ node: number; side: 0 | 1; offset: number }> = [];
  let dataSize = 0;
  for (const [prefix, record] of Object.entries(prefixes)) {
    const [ip, bits] = prefix.split('/') as [string, string];
    const address = ip.split('.').reduce((a, o) => a * 256 + Number(o), 0);
    let node = 0;
    for (let depth = 0; depth < Number(bits); depth++) {
      const side = ((address >>> (31 - depth)) & 1) as 0 | 1;
      if (depth === Number(bits) - 1) {
        leaves.push({ node, side, offset: dataSize });
      } else {
        let next = nodes[node]![side];
        if (next === undefined) {
          next = nodes.length;
          nodes.push([undefined, undefined]);
          nodes[node]![side] = next;
        }
        node = next;
      }
    }
    const encoded = encode(record);
    data.push(encoded);
    dataSize += encoded.length;
  }
  const count = nodes.length;
  for (const leaf of leaves) nodes[leaf.node]![leaf.side] = count + 16 + leaf.offset;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(left ?? count, i * 6, 3);
    tree.writeUIntBE(right ?? count, i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 4,
    database_type: 'Assent-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_767_225_600,
    description: { en: 'test' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex'),
    metadata,
  ]);
}

describe.each(stores())('banner geo (%s)', (store) => {
  let server: TestServer;
  let site: Property;
  let dir: string;
  /** The same database file, but no geo header configured (the default). */
  let untrusting: TestServer;

  beforeAll(async () => {
    if (!existsSync(repoPath('packages', 'banner', 'dist', 'cmp-gdpr.js')))
      execFileSync(process.execPath, [repoPath('packages', 'banner', 'build.mjs')], {
        stdio: 'ignore',
      });
    dir = mkdtempSync(path.join(os.tmpdir(), 'assent-geo-'));
    const file = path.join(dir, 'test.mmdb');
    writeFileSync(
      file,
      mmdb({
        '81.0.0.0/8': { country: { iso_code: 'DE' } },
        '12.0.0.0/8': { country: { iso_code: 'US' }, subdivisions: [{ iso_code: 'CA' }] },
      }),
    );
    server = await createTestServer(store, { env: { ...GEO_HEADER_ENV, ASSENT_GEOIP_DB: file } });
    const user = await server.user();
    const res = await server.request({
      method: 'POST',
      url: `/customization/v2/site?pCode=${user.pcode}`,
      payload: {
        url: 'geo.example',
        themeId: '1',
        consentLocations: ['WORLDWIDE'],
        publisherCC: 'NL',
      },
      as: user,
    });
    site = json<Property>(res);
    untrusting = await createTestServer(store, { env: { ASSENT_GEOIP_DB: file } });
  });
  afterAll(async () => {
    await untrusting?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const regionFrom = async (remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/banner/property/${site.uuid}/config.json`,
      remoteAddress,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const match = /"region":(\{[^}]*\})/.exec(res.body);
    return JSON.parse(match![1]!) as unknown;
  };

  it('locates visitors with the MaxMind-format database by their address', async () => {
    expect(await regionFrom('81.2.69.160')).toEqual({ country: 'DE' });
    expect(await regionFrom('12.1.2.3')).toEqual({ country: 'US', state: 'CA' });
  });

  it('prefers the proxy header, and falls back to the publisher’s country when nothing knows', async () => {
    expect(await regionFrom('81.2.69.160', { 'cf-ipcountry': 'FR' })).toEqual({ country: 'FR' });
    expect(await regionFrom('10.0.0.1')).toEqual({ country: 'NL' });
  });

  it('trusts no geo header by default: a visitor cannot choose their region with cf-ipcountry', async () => {
    const untrustingUser = await untrusting.user();
    const own = json<Property>(
      await untrusting.request({
        method: 'POST',
        url: `/customization/v2/site?pCode=${untrustingUser.pcode}`,
        payload: {
          url: 'geo.example',
          themeId: '1',
          consentLocations: ['WORLDWIDE'],
          publisherCC: 'NL',
        },
        as: untrustingUser,
      }),
    );
    const regionOn = async (remoteAddress: string, headers: Record<string, string>) => {
      const res = await untrusting.app.inject({
        method: 'GET',
        url: `/banner/property/${own.uuid}/config.json`,
        remoteAddress,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return JSON.parse(/"region":(\{[^}]*\})/.exec(res.body)![1]!) as unknown;
    };
    // A German address claiming to be Californian stays German; an unknown one gets the
    // publisher's country, not the one it sent.
    const claim = { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' };
    expect(await regionOn('81.2.69.160', claim)).toEqual({ country: 'DE' });
    expect(await regionOn('10.0.0.1', claim)).toEqual({ country: 'NL' });
  });

  it('stores the located country with a visit', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/banner/visit',
      remoteAddress: '12.9.9.9',
      headers: { 'content-type': 'text/plain', origin: 'https://geo.example' },
      payload: JSON.stringify({
        p: site.uuid,
        t: '1',
        r: 2,
        o: 'a',
        f: 'H',
        d: 'd',
        os: 'Linux',
        b: 'Chrome',
        ts: 1,
      }),
    });
    expect(res.statusCode).toBe(204);
    const rows = await server.deps.db.query(
      `select country, region from visits where property_uuid = $1`,
      [site.uuid],
    );
    expect(rows).toEqual([{ country: 'US', region: 'CA' }]);
  });
});
