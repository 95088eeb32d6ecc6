import { stat } from 'node:fs/promises';

/** What `load` made of one version of a file (its mtime), and, once it has settled, its value. */
export interface FileVersion<T> {
  mtimeMs: number;
  value: Promise<T>;
  /** The value once `value` has resolved (for a caller that does not wait for it). */
  settled?: T;
}

/**
 * The latest version of `file` as `load` makes it: loaded once per version, again only after the
 * file changed (its mtime), so a rebuild needs no restart; undefined while the file is missing.
 * The server render's bundle, index.html and the build manifest are read through it.
 */
export function latestVersion<T>(
  file: string,
  load: (file: string, mtimeMs: number) => Promise<T>,
): () => Promise<FileVersion<T> | undefined> {
  let current: FileVersion<T> | undefined;
  return async () => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (mtimeMs === undefined) return undefined;
    if (current?.mtimeMs !== mtimeMs) {
      const next: FileVersion<T> = { mtimeMs, value: load(file, mtimeMs) };
      next.value.then(
        (value) => (next.settled = value),
        () => {},
      );
      current = next;
    }
    return current;
  };
}
