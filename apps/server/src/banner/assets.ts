import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AssentError } from '@assent/core';
import type { ServerConfig } from '../config';
import { repoPath } from '../paths';

/** The consent runtime's files, as packages/banner/build.mjs writes them. */
export const BANNER_FILES = [
  'stub.js',
  'loader.js',
  'cmp.js',
  'cmp-gdpr.js',
  'fast.js',
  'keep.js',
  'second-layer.js',
  'amp-prompt.js',
  'group-frame.js',
  'manifest.json',
] as const;
export type BannerFile = (typeof BANNER_FILES)[number];

export interface BannerAsset {
  text: string;
  /** A short hash of the file, part of every ETag built on it. */
  hash: string;
}

export interface BannerAssets {
  dir: string;
  /** A dist file; throws INTERNAL_ERROR naming the build command when the runtime is not built. */
  get(file: BannerFile): BannerAsset;
  /**
   * The build id of the runtime files the loader names (RUNTIME_FILES): a hash of them all, so
   * their URLs (BANNER_PATHS.runtimeFile) change whenever any of them does.
   */
  build(): string;
}

/**
 * The runtime files served under a build id (the second layer and keep.js are imported next to
 * cmp.js; the loader runs fast.js instead of the runtime when answers for a stored choice are kept).
 */
export const RUNTIME_FILES = [
  'cmp.js',
  'cmp-gdpr.js',
  'second-layer.js',
  'fast.js',
  'keep.js',
] as const;
export type RuntimeFile = (typeof RUNTIME_FILES)[number];

export const RUNTIME_NOT_BUILT =
  'The consent runtime is not built. Run: node packages/banner/build.mjs (npm start builds it).';

export const shortHash = (text: string | Buffer): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * The runtime's dist files, read on first use and kept for the life of the app (a failed read is
 * not kept, so a build that finishes later is picked up).
 */
export function createBannerAssets(config: ServerConfig): BannerAssets {
  const dir = config.bannerDist ?? repoPath('packages', 'banner', 'dist');
  const cache = new Map<BannerFile, BannerAsset>();
  let build: string | undefined;
  return {
    dir,
    build() {
      return (build ??= shortHash(RUNTIME_FILES.map((f) => this.get(f).hash).join('.')));
    },
    get(file) {
      const cached = cache.get(file);
      if (cached) return cached;
      let text: string;
      try {
        text = readFileSync(path.join(dir, file), 'utf8');
      } catch {
        throw new AssentError('INTERNAL_ERROR', RUNTIME_NOT_BUILT);
      }
      const asset = { text, hash: shortHash(text) };
      cache.set(file, asset);
      return asset;
    },
  };
}
