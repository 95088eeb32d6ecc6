/** Ids sorted ascending, each once. */
export const sortedUnique = (ids: Iterable<number>): number[] =>
  [...new Set(ids)].sort((a, b) => a - b);
