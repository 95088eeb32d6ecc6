import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/rules.md maps every spec rule to the code that implements it. This keeps the map honest: a
 * name it cites must still exist, so removing or renaming a function fails here until the map
 * follows (it once cited bulk-update helpers removed in 1f1eb2f).
 *
 * A backticked name in an Implementation cell is checked as:
 * - a core export (runtime value or exported type), `group.route` of the route table, or
 *   `Export.member` (a schema field or object key);
 * - otherwise a member the row points at (a reducer action, a field, a server or console function):
 *   it must appear in the code of the files the row names, or of the server or console when the row
 *   says (server) or names apps/…, else anywhere in core's sources (comments do not count).
 */

const root = path.resolve(__dirname, '../../..');
const coreSrc = path.join(root, 'packages/core/src');

/** What any face can import: the exports of every entry in core's package.json. */
const core: Record<string, unknown> = {};
const entries = JSON.parse(readFileSync(path.join(root, 'packages/core/package.json'), 'utf8'));
for (const file of Object.values(entries.exports) as string[])
  Object.assign(core, await import(path.join(root, 'packages/core', file)));

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const codeCache = new Map<string, string>();
const codeOf = (file: string) => {
  let code = codeCache.get(file);
  if (code === undefined) {
    code = withoutComments(readFileSync(file, 'utf8'));
    codeCache.set(file, code);
  }
  return code;
};
const mentions = (files: readonly string[], name: string) => {
  const word = new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}($|[^\\w$])`);
  return files.some((file) => word.test(codeOf(file)));
};

/** Types exported by core: declared with export in a module its folder's index re-exports. */
function exportedTypeNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(coreSrc)) {
    const code = codeOf(file);
    const index = path.join(path.dirname(file), 'index.ts');
    const indexCode = existsSync(index) && index !== file ? codeOf(index) : '';
    const module = `./${path.basename(file, '.ts')}`;
    const starred = indexCode.includes(`export * from '${module}'`);
    for (const m of code.matchAll(/export (?:type|interface) ([A-Za-z_$][\w$]*)/g)) {
      const name = m[1]!;
      if (starred || path.dirname(file) === coreSrc || mentions([index], name)) names.add(name);
    }
  }
  return names;
}

interface Row {
  line: number;
  implementation: string;
}

function implementationCells(doc: string): Row[] {
  const rows: Row[] = [];
  let header: string[] | undefined;
  doc.split('\n').forEach((text, i) => {
    if (!text.startsWith('|')) {
      header = undefined;
      return;
    }
    const cells = text
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    if (!header) {
      header = cells;
      return;
    }
    if (cells.every((c) => /^-+$/.test(c))) return;
    const column = header.indexOf('Implementation');
    if (column >= 0) rows.push({ line: i + 1, implementation: cells[column] ?? '' });
  });
  return rows;
}

/** The names a backticked token stands for; none for tokens that are not names (`?active=`). */
function namesOf(token: string): string[] {
  const alternatives = /^([A-Z0-9_]+_)([A-Z0-9]+)\/([A-Z0-9]+)$/.exec(token);
  if (alternatives)
    return [alternatives[1]! + alternatives[2]!, alternatives[1]! + alternatives[3]!];
  if (/^[A-Z0-9_]+_\*$/.test(token)) return [token];
  const name = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/.exec(token)?.[0];
  return name && !/\s=/.test(token) ? [name] : [];
}

const pathsIn = (text: string): string[] =>
  [...text.matchAll(/((?:apps\/[\w./-]+)|(?:[\w-]+\/)*[\w-]+\.tsx?)/g)]
    .map((m) => m[1]!.replace(/[.,;)]+$/, ''))
    .map((p) => (p.startsWith('apps/') ? path.join(root, p) : path.join(coreSrc, p)))
    .filter((p) => existsSync(p));

/**
 * Where a non-exported name of a cell segment must appear: the files its segment names, else the
 * server for a (server) segment, else the files the cell names, else core's sources.
 */
function scopeOf(segment: string, cell: string): string[] {
  const own = pathsIn(segment);
  if (own.length) return own.flatMap(sourceFiles);
  if (segment.includes('(server)')) return sourceFiles(path.join(root, 'apps/server/src'));
  const cellPaths = pathsIn(cell);
  return cellPaths.length ? cellPaths.flatMap(sourceFiles) : sourceFiles(coreSrc);
}

describe('docs/rules.md', () => {
  const doc = readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
  const runtime = core as Record<string, unknown>;
  const types = exportedTypeNames();
  const routes = core.routes as Record<string, Record<string, unknown>>;

  function resolves(name: string, segment: string, cell: string): boolean {
    if (name.endsWith('_*'))
      return Object.keys(runtime).some((k) => k.startsWith(name.slice(0, -1)));
    const [head, ...members] = name.split('.');
    if (head && (head in runtime || types.has(head))) {
      if (!members.length || !(head in runtime)) return true;
      let value: unknown = runtime[head];
      for (const member of members) {
        const shape = (value as { shape?: Record<string, unknown> } | undefined)?.shape;
        const holder = (shape ?? value) as Record<string, unknown> | undefined;
        if (!holder || typeof holder !== 'object' || !(member in holder)) return false;
        value = holder[member];
      }
      return true;
    }
    if (head && members.length === 1 && head in routes) return members[0]! in routes[head]!;
    return mentions(scopeOf(segment, cell), members.at(-1) ?? head ?? name);
  }

  it('cites only names that exist: core exports, routes, or members of the code it points at', () => {
    const rows = implementationCells(doc);
    expect(rows.length).toBeGreaterThan(200);
    const stale: string[] = [];
    for (const { line, implementation } of rows) {
      for (const segment of implementation.split(';')) {
        for (const [, token] of segment.matchAll(/`([^`]+)`/g)) {
          for (const name of namesOf(token!)) {
            if (!resolves(name, segment, implementation)) stale.push(`line ${line}: ${name}`);
          }
        }
      }
    }
    expect(stale).toEqual([]);
  });

  it('would catch a name that no longer exists', () => {
    const probe =
      '| Spec rule | Implementation | Test |\n| --- | --- | --- |\n| x | `bulkUpdateDisplayStatus` | y |';
    const [row] = implementationCells(probe);
    expect(row?.implementation).toBe('`bulkUpdateDisplayStatus`');
    expect(resolves('bulkUpdateDisplayStatus', row!.implementation, row!.implementation)).toBe(
      false,
    );
    expect(resolves('bulkUpdateProgressStatus', '', '')).toBe(true);
    expect(resolves('bulkUpdate.status', '', '')).toBe(true);
    expect(resolves('bulkUpdate.nope', '', '')).toBe(false);
  });
});
