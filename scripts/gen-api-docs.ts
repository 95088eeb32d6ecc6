/** Writes docs/api.md from the core route table: npx tsx scripts/gen-api-docs.ts */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderApiReference } from '../packages/core/src/api/reference';
import { routes } from '../packages/core/src/api/routes';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/api.md');
writeFileSync(out, renderApiReference(routes));
console.log(`wrote ${out}`);
