/**
 * Structural equality of plain values (form values, documents, payloads): key order is ignored and
 * a missing key equals `undefined`.
 */

/** JSON with sorted keys and undefined left out: equal strings mean equal values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export const sameValue = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
