/**
 * Structural equality of plain values (form values, documents, payloads, the banner's configVersion
 * hash): key order is ignored and a missing key equals `undefined`.
 */

const byCodeUnit = ([a]: [string, unknown], [b]: [string, unknown]): number =>
  a < b ? -1 : a > b ? 1 : 0;

/** The canonical JSON of a value, or undefined for what JSON leaves out (undefined, functions). */
function canonical(value: unknown): string | undefined {
  const v =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON: () => unknown }).toJSON()
      : value;
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
  if (Array.isArray(v)) return `[${v.map((item) => canonical(item) ?? 'null').join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const members = Object.entries(v as Record<string, unknown>)
      .sort(byCodeUnit)
      .flatMap(([key, item]) => {
        const json = canonical(item);
        return json === undefined ? [] : [`${JSON.stringify(key)}:${json}`];
      });
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * JSON with object keys sorted (by UTF-16 code unit, integer-like keys included) and undefined
 * members left out, as `JSON.stringify` writes it otherwise: equal strings mean equal values, and
 * the string of a value never changes, so it can be hashed. A top-level undefined gives 'null'.
 */
export const canonicalJson = (value: unknown): string => canonical(value) ?? 'null';

/** Equal plain values; `undefined` equals only `undefined` (a missing key), not `null`. */
export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);
