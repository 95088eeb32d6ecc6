import { AssentError } from '@assent/core';
import { Gvl, parseGoogleAtpCsv, toVendorListResponse } from '@assent/core/vendors';
import type { GoogleAtp, VendorListResponse } from '@assent/core/vendors';
import type { Db } from '../db';
import { externalLists } from '../repositories/external-lists';
import type { Logger } from './logger';

type GvlVersion = 2 | 3;

interface Cached<T> {
  value: T;
  expiresAt: number;
}

export interface ExternalLists {
  /** The IAB Global Vendor List of a version (2 = TCF 2.0, 3 = TCF 2.2), fetched and cached. */
  vendorList(version: GvlVersion): Promise<VendorListResponse>;
  /** Stores a vendor-list JSON document (for hosts without internet access). */
  importVendorList(
    json: string,
    source?: string,
  ): Promise<{ gvlVersion: GvlVersion; vendorListVersion: number; vendors: number }>;
  /** Google's ad-technology providers. */
  googleAtp(): Promise<GoogleAtp[]>;
  /**
   * The names (purposes, special features, vendors) of a vendor-list version this server has
   * fetched or imported (TCF 2.2's list first, then 2.0's), kept per version so consent records
   * are written in their own version's words; undefined for a version it never had.
   */
  vendorListNames(vendorListVersion: number): Promise<VendorListNames | undefined>;
}

/** Id-to-name maps of one vendor-list version. */
export interface VendorListNames {
  vendorListVersion: number;
  purposes: Record<number, string>;
  specialFeatures: Record<number, string>;
  vendors: Record<number, string>;
}

const byId = (items: ReadonlyArray<{ id: number; name: string }>) =>
  Object.fromEntries(items.map((i) => [i.id, i.name])) as Record<number, string>;

export const vendorListNamesOf = (list: VendorListResponse): VendorListNames => ({
  vendorListVersion: list.vendorListVersion,
  purposes: byId(list.purposes),
  specialFeatures: byId(list.specialFeatures),
  vendors: byId(list.vendors),
});

/** Where a version's names are kept (never expire: records outlive the list by years). */
const namesKey = (gvlVersion: number, vendorListVersion: number) =>
  `gvl-names:${gvlVersion}:${vendorListVersion}`;
const KEPT_UNTIL = new Date('9999-12-31T00:00:00Z');

/** Reads a GVL document (v2 or v3) into the API's vendor-list shape. Throws on anything else. */
export function normaliseVendorList(json: string): VendorListResponse {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('The vendor list is not valid JSON');
  }
  const parsed = Gvl.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `This is not an IAB Global Vendor List (${first?.path.join('.') || 'document'}: ${first?.message ?? 'invalid'})`,
    );
  }
  return toVendorListResponse(parsed.data);
}

const DEFAULT_TTL_MS = 24 * 3_600_000;
const FAILURE_TTL_MS = 60_000;

function ttlFrom(headers: Headers): number {
  const maxAge = /max-age=(\d+)/.exec(headers.get('cache-control') ?? '')?.[1];
  const seconds = maxAge ? Number(maxAge) : 0;
  return seconds > 0 ? Math.min(seconds * 1000, 7 * DEFAULT_TTL_MS) : DEFAULT_TTL_MS;
}

/**
 * The vendor lists and Google's provider list: fetched from their real URLs, stored in the database
 * (shared by every server on it) and kept in memory until they expire. When a refresh fails the
 * stored copy is used and a warning logged; without any copy the caller gets UPSTREAM_ERROR naming
 * the URL and the import command.
 */
export function createExternalLists(options: {
  db: Db;
  gvlBaseUrl: string;
  googleAtpUrl: string;
  logger: Logger;
  now: () => Date;
  fetch?: typeof fetch;
}): ExternalLists {
  const { db, logger, now } = options;
  const doFetch = options.fetch ?? fetch;
  const memory = new Map<string, Cached<unknown>>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** A failed fetch, answered again for a minute while no copy is stored (no 15 s waits). */
  const failures = new Map<string, { error: AssentError; until: number }>();

  async function load<T>(
    key: string,
    url: string,
    parse: (body: string) => T,
    versionOf: (value: T) => number | null,
    hint: string,
    keep?: (value: T) => Promise<void>,
  ): Promise<T> {
    const cached = memory.get(key) as Cached<T> | undefined;
    if (cached && cached.expiresAt > now().getTime()) return cached.value;
    const pending = inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const task = (async () => {
      const stored = await externalLists.get(db, key);
      if (stored && stored.expiresAt.getTime() > now().getTime()) {
        const value = parse(stored.body);
        memory.set(key, { value, expiresAt: stored.expiresAt.getTime() });
        return value;
      }
      // Only without a stored copy: one imported by another process (gvl import) is served at once.
      const failed = stored ? undefined : failures.get(key);
      if (failed && failed.until > now().getTime()) throw failed.error;
      try {
        const response = await doFetch(url, {
          headers: stored?.etag ? { 'if-none-match': stored.etag } : {},
          signal: AbortSignal.timeout(15_000),
        });
        const expiresAt = new Date(now().getTime() + ttlFrom(response.headers));
        if (response.status === 304 && stored) {
          await externalLists.touch(db, key, now(), expiresAt);
          const value = parse(stored.body);
          memory.set(key, { value, expiresAt: expiresAt.getTime() });
          return value;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = await response.text();
        const value = parse(body);
        await externalLists.put(db, {
          key,
          body,
          version: versionOf(value),
          etag: response.headers.get('etag'),
          fetchedAt: now(),
          expiresAt,
          source: url,
        });
        await keep?.(value);
        memory.set(key, { value, expiresAt: expiresAt.getTime() });
        failures.delete(key);
        return value;
      } catch (error) {
        const reason = (error as Error).message;
        if (stored) {
          logger.warn({ url, reason }, `could not refresh ${key}; using the stored copy`);
          const value = parse(stored.body);
          memory.set(key, { value, expiresAt: now().getTime() + 10 * 60_000 });
          return value;
        }
        const failure = new AssentError(
          'UPSTREAM_ERROR',
          `Could not fetch ${url} (${reason}). ${hint}`,
        );
        failures.set(key, { error: failure, until: now().getTime() + FAILURE_TTL_MS });
        throw failure;
      }
    })();
    inFlight.set(key, task);
    try {
      return await task;
    } finally {
      inFlight.delete(key);
    }
  }

  /** Keeps a fetched or imported list's names under its version. */
  const keepNames = (list: VendorListResponse) =>
    externalLists.put(db, {
      key: namesKey(list.gvlVersion, list.vendorListVersion),
      body: JSON.stringify(vendorListNamesOf(list)),
      version: list.vendorListVersion,
      etag: null,
      fetchedAt: now(),
      expiresAt: KEPT_UNTIL,
      source: `names of vendor list ${list.vendorListVersion}`,
    });

  return {
    vendorList(version) {
      return load(
        `gvl:${version}`,
        `${options.gvlBaseUrl}/v${version}/vendor-list.json`,
        normaliseVendorList,
        (v) => v.vendorListVersion,
        'On a host without internet access, import the list with: assent server gvl import FILE',
        keepNames,
      );
    },

    async vendorListNames(vendorListVersion) {
      for (const gvlVersion of [3, 2] as const) {
        const kept = await externalLists.get(db, namesKey(gvlVersion, vendorListVersion));
        if (kept) return JSON.parse(kept.body) as VendorListNames;
      }
      // A list stored before versions were kept: its names are those of its own version only.
      for (const gvlVersion of [3, 2] as const) {
        const stored = await externalLists.get(db, `gvl:${gvlVersion}`);
        if (!stored) continue;
        const list = normaliseVendorList(stored.body);
        if (list.vendorListVersion !== vendorListVersion) continue;
        await keepNames(list);
        return vendorListNamesOf(list);
      }
      return undefined;
    },

    async importVendorList(json, source = 'import') {
      const list = normaliseVendorList(json);
      const key = `gvl:${list.gvlVersion}`;
      const expiresAt = new Date(now().getTime() + 7 * DEFAULT_TTL_MS);
      await externalLists.put(db, {
        key,
        body: json,
        version: list.vendorListVersion,
        etag: null,
        fetchedAt: now(),
        expiresAt,
        source,
      });
      await keepNames(list);
      memory.set(key, { value: list, expiresAt: expiresAt.getTime() });
      failures.delete(key);
      return {
        gvlVersion: list.gvlVersion,
        vendorListVersion: list.vendorListVersion,
        vendors: list.vendors.length,
      };
    },

    googleAtp() {
      return load(
        'google-atp',
        options.googleAtpUrl,
        parseGoogleAtpCsv,
        () => null,
        "Google's provider list is optional; the Vendors tab lists none until it can be fetched.",
      );
    },
  };
}
