import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BannerConfig } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import type { Logger } from '../services/logger';

/** What cmp.js of a property needs when the database cannot be read. */
export interface LastGood {
  property: Property;
  config: BannerConfig;
}

/**
 * The last good banner configuration of each property served (issue 19, item 3): kept in memory
 * and on disk under the data directory, so that cmp.js and the visit endpoint keep working from it
 * while the database is down, after a restart too (stale-if-error).
 */
export interface LastGoodConfigs {
  /** Keeps what was just served (written to disk only when it changed). */
  remember(entry: LastGood): void;
  /** The last good entry of a property, from memory or disk. */
  recall(uuid: string): LastGood | undefined;
  /** Keeps an account's site hosts, which the universal tag's cmp.js picks its site from. */
  rememberHosts(pCode: string, hosts: readonly SiteHost[]): void;
  /** The account's site hosts last read, from memory or disk. */
  recallHosts(pCode: string): SiteHost[] | undefined;
}

/** A site of an account as the universal tag matches a page's host against it. */
export interface SiteHost {
  uuid: string;
  url: string;
  applyToSubDomains: boolean;
}

const SAFE_UUID = /^[0-9a-f-]{8,64}$/i;
const SAFE_PCODE = /^[0-9a-z_-]{1,64}$/i;

/**
 * JSON values kept in memory and on disk under `dir` (one file per key): written whole then
 * renamed, so a crash leaves the old copy or the new one, never half.
 */
function keptFiles<T>(dir: string, logger: Logger, safe: RegExp) {
  const memory = new Map<string, { json: string; value: T }>();
  const file = (key: string) => path.join(dir, `${key}.json`);
  let made = false;
  return {
    remember(key: string, value: T) {
      if (!safe.test(key)) return;
      const json = JSON.stringify(value);
      if (memory.get(key)?.json === json) return;
      memory.set(key, { json, value });
      try {
        if (!made) mkdirSync(dir, { recursive: true });
        made = true;
        const temporary = `${file(key)}.${process.pid}.tmp`;
        writeFileSync(temporary, json);
        renameSync(temporary, file(key));
      } catch (error) {
        logger.warn({ key, err: (error as Error).message }, 'could not keep the banner config');
      }
    },
    recall(key: string): T | undefined {
      if (!safe.test(key)) return undefined;
      const kept = memory.get(key);
      if (kept) return kept.value;
      try {
        const json = readFileSync(file(key), 'utf8');
        const value = JSON.parse(json) as T;
        memory.set(key, { json, value });
        return value;
      } catch {
        return undefined;
      }
    },
  };
}

export function createLastGoodConfigs(dir: string, logger: Logger): LastGoodConfigs {
  const configs = keptFiles<LastGood>(dir, logger, SAFE_UUID);
  const hosts = keptFiles<SiteHost[]>(path.join(dir, 'account-hosts'), logger, SAFE_PCODE);
  return {
    remember: (entry) => configs.remember(entry.property.uuid, entry),
    recall: (uuid) => configs.recall(uuid),
    rememberHosts: (pCode, list) => hosts.remember(pCode, [...list]),
    recallHosts: (pCode) => hosts.recall(pCode),
  };
}
