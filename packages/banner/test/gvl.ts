import { GVL_FIXTURES_DIR } from '@assent/testing';
import { readFileSync } from 'node:fs';
import { bannerConfigFixture, compactVendor } from '@assent/core/banner';
import type { BannerConfig, GvlVendorDeclarations } from '@assent/core/banner';

/** The real IAB Global Vendor Lists, read at test time (never copied into the repo). */
export const GVL_DIR = GVL_FIXTURES_DIR;
export const GVL_FILES = [
  'gvl3-vendor-list.json',
  'gvl3-vendor-list-v17.json',
  'gvl2-vendor-list.json',
] as const;

export interface GvlJson {
  gvlSpecificationVersion: number;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  vendors: Record<string, GvlVendorDeclarations & { name: string }>;
  stacks: Record<string, { id: number; purposes: number[]; specialFeatures: number[] }>;
}

export const readGvl = (file: string): GvlJson =>
  JSON.parse(readFileSync(`${GVL_DIR}/${file}`, 'utf8')) as GvlJson;

/** A banner config whose vendors are `pick` of the GVL's (active) vendors. */
export function configFromGvl(
  gvl: GvlJson,
  pick: (ids: number[]) => number[],
  overrides: Parameters<typeof bannerConfigFixture>[0] = {},
): BannerConfig {
  const base = bannerConfigFixture();
  const active = Object.values(gvl.vendors)
    .filter((v) => !v.deletedDate)
    .map((v) => v.id)
    .sort((a, b) => a - b);
  const chosen = new Set(pick(active));
  const vendors = Object.values(gvl.vendors)
    .filter((v) => chosen.has(v.id))
    .map(compactVendor);
  const gdpr = base.gdpr!;
  return bannerConfigFixture({
    ...overrides,
    gdpr: { ...gdpr, vendorListVersion: gvl.vendorListVersion, vendors, ...(overrides.gdpr ?? {}) },
  });
}
