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
}

const SAFE_UUID = /^[0-9a-f-]{8,64}$/i;

export function createLastGoodConfigs(dir: string, logger: Logger): LastGoodConfigs {
  const memory = new Map<string, { json: string; entry: LastGood }>();
  const file = (uuid: string) => path.join(dir, `${uuid}.json`);
  let made = false;
  return {
    remember(entry) {
      const uuid = entry.property.uuid;
      if (!SAFE_UUID.test(uuid)) return;
      const json = JSON.stringify(entry);
      if (memory.get(uuid)?.json === json) return;
      memory.set(uuid, { json, entry });
      try {
        if (!made) mkdirSync(dir, { recursive: true });
        made = true;
        // Written whole then renamed: a crash leaves the old copy or the new one, never half.
        const temporary = `${file(uuid)}.${process.pid}.tmp`;
        writeFileSync(temporary, json);
        renameSync(temporary, file(uuid));
      } catch (error) {
        logger.warn({ uuid, err: (error as Error).message }, 'could not keep the banner config');
      }
    },
    recall(uuid) {
      if (!SAFE_UUID.test(uuid)) return undefined;
      const kept = memory.get(uuid);
      if (kept) return kept.entry;
      try {
        const json = readFileSync(file(uuid), 'utf8');
        const entry = JSON.parse(json) as LastGood;
        memory.set(uuid, { json, entry });
        return entry;
      } catch {
        return undefined;
      }
    },
  };
}
