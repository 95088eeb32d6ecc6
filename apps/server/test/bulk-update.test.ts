import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUIRED } from '@assent/core';
import type { BulkUpdateStatusResponse } from '@assent/core/bulk-update';
import {
  DUPLICATE_PROPERTY,
  GBC_PURPOSE_REQUIRED,
  LOGO_NOT_AN_IMAGE,
  PropertySettings,
  toSavePayload,
} from '@assent/core/property';
import type { Property } from '@assent/core/property';
import { PNG_1X1 } from '@assent/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverBulkUpdates, runBulkUpdate } from '../src/jobs/bulk-update';
import { bulkUpdates } from '../src/repositories/bulk-updates';
import { properties } from '../src/repositories/properties';
import { BULK_ALREADY_RUNNING } from '../src/routes/bulk-update';
import type { TestServer, TestUser } from './harness';
import { createTestServer, json, stores } from './harness';

async function seedSites(
  server: TestServer,
  user: TestUser,
  count: number,
  prefix: string,
): Promise<Property[]> {
  const now = server.deps.now();
  const out: Property[] = [];
  for (let i = 0; i < count; i++) {
    const values = PropertySettings.parse({
      url: `${prefix}${String(i).padStart(3, '0')}.example`,
      themeId: '1',
      consentLocations: ['EEA'],
    });
    out.push(await properties.insert(server.deps.db, user.pcode, values, now));
  }
  return out;
}

async function waitForDone(server: TestServer, user: TestUser): Promise<BulkUpdateStatusResponse> {
  for (let i = 0; i < 200; i++) {
    const res = json<BulkUpdateStatusResponse>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/bulk-update/status?pCode=${user.pcode}`,
        as: user,
      }),
    );
    if (res.job?.done) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bulk update did not finish');
}

describe.each(stores())('bulk update (%s)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store);
  });
  afterAll(() => server?.close());

  it('applies the fields to every selected property with the rules of a single save', async () => {
    const user = await server.user();
    const sites = await seedSites(server, user, 5, 'bulk');
    const empty = json(
      await server.request({
        method: 'GET',
        url: `/customization/v2/bulk-update/status?pCode=${user.pcode}`,
        as: user,
      }),
    );
    expect(empty).toMatchObject({ code: 'NO_BULK_UPDATE', job: null });

    const submit = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        sites: sites.map((s) => s.siteId),
        fields: { publisherCC: 'FR', consentLocations: ['WORLDWIDE'] },
      },
      as: user,
    });
    expect(submit.statusCode).toBe(202);
    expect(json(submit)).toMatchObject({
      code: 'BULK_UPDATE_STARTED',
      job: { status: 'RUNNING', total: 5, initiatedBy: user.email },
    });
    const status = await waitForDone(server, user);
    expect(status.job).toMatchObject({
      status: 'SUCCESSFUL',
      done: true,
      successful: 5,
      failed: [],
      pending: 0,
      total: 5,
    });
    for (const site of sites) {
      const p = (await properties.get(server.deps.db, user.pcode, site.uuid))!;
      // publisherCC FR forces nothing here; locations set the privacy modes as in the form.
      expect(p).toMatchObject({
        publisherCC: 'FR',
        consentLocations: ['WORLDWIDE'],
        privacyModes: ['GDPR', 'USP'],
        editable: true,
      });
    }
  });

  it('reports the properties that break a rule, with the reason, and updates the others', async () => {
    const user = await server.user();
    const [ok, amp] = await seedSites(server, user, 2, 'mixed');
    await properties.update(
      server.deps.db,
      user.pcode,
      amp!.uuid,
      PropertySettings.parse({ ...amp, ampEnabled: true, applyToSubDomains: false }),
      server.deps.now(),
    );
    await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        sites: [ok!.siteId, amp!.siteId],
        fields: {
          consentScope: 'service group',
          consentScopeGroupURL: 'https://group.example',
          thirdPartyStorageType: 'iframe',
        },
      },
      as: user,
    });
    const status = await waitForDone(server, user);
    expect(status.job).toMatchObject({ status: 'FAILED', successful: 1, pending: 0, total: 2 });
    expect(status.job?.failed).toEqual([
      {
        siteId: amp!.siteId,
        identifier: amp!.url,
        field: 'consentScope',
        message: "Invalid consent scope for AMP sites. Please use 'Your site only'",
      },
    ]);
    expect((await properties.get(server.deps.db, user.pcode, amp!.uuid))?.editable).toBe(true);
  });

  it('marks the selected properties as pending while it runs and refuses a second job', async () => {
    const user = await server.user();
    const sites = await seedSites(server, user, 2, 'locked');
    const row = await bulkUpdates.create(server.deps.db, {
      pcode: user.pcode,
      initiatedBy: user.email,
      fields: { publisherCC: 'DE' },
      items: sites.map((s) => ({ propertyId: s.siteId, identifier: s.url ?? '' })),
      now: server.deps.now(),
    });
    const edit = await server.request({
      method: 'PUT',
      url: `/customization/v2/site/${sites[0]!.uuid}?pCode=${user.pcode}`,
      payload: toSavePayload(sites[0]!),
      as: user,
    });
    expect(edit.statusCode).toBe(409);
    const second = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: { sites: [sites[1]!.siteId], fields: { publisherCC: 'FR' } },
      as: user,
    });
    expect(json(second)).toEqual({ status: 'CONFLICT', message: BULK_ALREADY_RUNNING });
    const withSites = json<BulkUpdateStatusResponse>(
      await server.request({
        method: 'GET',
        url: `/customization/v2/bulk-update/status?pCode=${user.pcode}&page=sites`,
        as: user,
      }),
    );
    expect(withSites.job?.sites).toEqual(sites.map((s) => s.siteId));
    await runBulkUpdate(server.deps, row.id);
    expect((await bulkUpdates.get(server.deps.db, row.id))?.status).toBe('SUCCESSFUL');
  });

  it('validates the fields and the selection', async () => {
    const user = await server.user();
    const bad = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        sites: [1],
        fields: { consentScope: 'service group', consentScopeGroupURL: 'nope' },
      },
      as: user,
    });
    expect(json(bad)).toMatchObject({
      status: 'VALIDATION_ERROR',
      fields: { consentScopeGroupURL: 'Please input a valid URL' },
    });
    const none = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {},
      as: user,
    });
    expect(none.statusCode).toBe(400);
    const unknown = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: { sites: [987654], fields: { publisherCC: 'FR' } },
      as: user,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses Google basic consent without its locations and purposes before any job starts', async () => {
    // Regression: a submission with only gbcEnabled (the CLI's) was queued and failed once per
    // property.
    const user = await server.user();
    const sites = await seedSites(server, user, 2, 'gbc');
    const refused = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: { sites: sites.map((s) => s.siteId), fields: { gbcEnabled: true } },
      as: user,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      status: 'VALIDATION_ERROR',
      fields: { gbcLocations: REQUIRED, gbcApplicablePurposes: GBC_PURPOSE_REQUIRED },
    });
    expect(await bulkUpdates.latest(server.deps.db, user.pcode)).toBeUndefined();
    expect(
      (await properties.byIds(server.deps.db, user.pcode, [sites[0]!.siteId]))[0],
    ).toMatchObject({ gbcEnabled: false });

    const accepted = await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        sites: sites.map((s) => s.siteId),
        fields: {
          gbcEnabled: true,
          gbcLocations: ['EEA'],
          gbcApplicablePurposes: [{ id: 1, enabled: true, defaultValue: 'GRANTED' }],
        },
      },
      as: user,
    });
    expect(accepted.statusCode).toBe(202);
    const done = await waitForDone(server, user);
    expect(done.job).toMatchObject({ status: 'SUCCESSFUL', successful: 2, total: 2 });
  });

  it("applies each property's own changes (assent apply) and reports a rule violation", async () => {
    const user = await server.user();
    const [a, b] = await seedSites(server, user, 2, 'items');
    await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        items: [
          { siteId: a!.siteId, changes: { publisherName: 'Site A', publisherCC: 'IT' } },
          { siteId: b!.siteId, changes: { themeId: '' } },
        ],
      },
      as: user,
    });
    const status = await waitForDone(server, user);
    expect(status.job?.failed).toEqual([
      { siteId: b!.siteId, identifier: b!.url, field: 'themeId', message: REQUIRED },
    ]);
    expect(await properties.get(server.deps.db, user.pcode, a!.uuid)).toMatchObject({
      publisherName: 'Site A',
      publisherCC: 'IT',
    });
  });

  it('applies renames in their order, as one property at a time would (a batch holds several properties)', async () => {
    const user = await server.user();
    const [a, b, c, d] = await seedSites(server, user, 4, 'renames');
    // b frees its url, a takes it; c then asks for b's new url (a duplicate); d is unchanged.
    await server.request({
      method: 'POST',
      url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
      payload: {
        items: [
          { siteId: b!.siteId, changes: { url: 'moved.renames.example' } },
          { siteId: a!.siteId, changes: { url: b!.url } },
          { siteId: c!.siteId, changes: { url: 'moved.renames.example' } },
          { siteId: d!.siteId, changes: { publisherName: 'Site D' } },
        ],
      },
      as: user,
    });
    const status = await waitForDone(server, user);
    expect(status.job).toMatchObject({ successful: 3 });
    expect(status.job?.failed).toEqual([
      { siteId: c!.siteId, identifier: c!.url, field: 'url', message: DUPLICATE_PROPERTY },
    ]);
    const after = await properties.byIds(server.deps.db, user.pcode, [
      a!.siteId,
      b!.siteId,
      c!.siteId,
      d!.siteId,
    ]);
    expect(after.map((p) => [p.url, p.publisherName, p.editable])).toEqual([
      [b!.url, a!.publisherName, true],
      ['moved.renames.example', b!.publisherName, true],
      [c!.url, c!.publisherName, true],
      [d!.url, 'Site D', true],
    ]);
  });

  it('loads each new logo of a bulk job: a 404 and an HTML page labelled image/png fail with the reason, a PNG is saved with its version', async () => {
    const images = createServer((req, res) => {
      if (req.url === '/logo.png')
        res.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' }).end(PNG_1X1);
      else if (req.url === '/fake.png')
        res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>Moved');
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    try {
      const user = await server.user();
      const [missing, fake, png] = await seedSites(server, user, 3, 'logos');
      await server.request({
        method: 'POST',
        url: `/customization/v2/bulk-update?pCode=${user.pcode}`,
        payload: {
          items: [
            { siteId: missing!.siteId, changes: { publisherLogoUrl: `${base}/missing.png` } },
            { siteId: fake!.siteId, changes: { publisherLogoUrl: `${base}/fake.png` } },
            { siteId: png!.siteId, changes: { publisherLogoUrl: `${base}/logo.png` } },
          ],
        },
        as: user,
      });
      const status = await waitForDone(server, user);
      expect(status.job?.failed).toEqual([
        {
          siteId: missing!.siteId,
          identifier: missing!.url,
          field: 'publisherLogoUrl',
          message: `${LOGO_NOT_AN_IMAGE} (HTTP 404)`,
        },
        {
          siteId: fake!.siteId,
          identifier: fake!.url,
          field: 'publisherLogoUrl',
          message: `${LOGO_NOT_AN_IMAGE} (its content is not a PNG, JPEG, GIF, BMP, WebP or SVG image)`,
        },
      ]);
      const stored = async (site: Property) =>
        (await properties.get(server.deps.db, user.pcode, site.uuid))?.publisherLogoUrl;
      expect(await stored(missing!)).toBe('');
      expect(await stored(fake!)).toBe('');
      expect(await stored(png!)).toMatch(new RegExp(`^${base}/logo\\.png\\?v=[0-9a-f]{8}$`));
    } finally {
      images.close();
    }
  });

  it('resumes after a crash: every property updated exactly once, none skipped', async () => {
    const user = await server.user();
    const sites = await seedSites(server, user, 12, 'crash');
    const row = await bulkUpdates.create(server.deps.db, {
      pcode: user.pcode,
      initiatedBy: user.email,
      fields: { repromtDaysAfterGvlUpdate: 45 },
      items: sites.map((s) => ({ propertyId: s.siteId, identifier: s.url ?? '' })),
      now: server.deps.now(),
    });
    // The worker dies after 5 properties.
    await runBulkUpdate(server.deps, row.id, { stopAfter: 5 });
    const midway = await bulkUpdates.progress(server.deps.db, row.id);
    expect(midway).toMatchObject({ successful: 5, pending: 7 });
    expect((await bulkUpdates.get(server.deps.db, row.id))?.status).toBe('RUNNING');
    const updatedAt = new Map(
      (
        await properties.byIds(
          server.deps.db,
          user.pcode,
          sites.map((s) => s.siteId),
        )
      ).map((p) => [p.siteId, p.updatedAt]),
    );

    // The next start finds the orphaned job and queues it; the worker finishes the rest.
    expect(await recoverBulkUpdates(server.deps, { exclusive: true })).toBe(1);
    const status = await waitForDone(server, user);
    expect(status.job).toMatchObject({
      status: 'SUCCESSFUL',
      successful: 12,
      pending: 0,
      failed: [],
    });
    const after = await properties.byIds(
      server.deps.db,
      user.pcode,
      sites.map((s) => s.siteId),
    );
    expect(after.every((p) => p.repromtDaysAfterGvlUpdate === 45 && p.editable)).toBe(true);
    // The five done before the crash (the first five in order) were not written again.
    for (const site of sites.slice(0, 5)) {
      expect(after.find((p) => p.siteId === site.siteId)?.updatedAt).toBe(
        updatedAt.get(site.siteId),
      );
    }
    const items = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from bulk_update_items where bulk_update_id = $1 and status = 'updated'`,
      [row.id],
    );
    expect(items[0]?.n).toBe(12);
  });
});
