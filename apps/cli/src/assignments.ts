import { readableIssues } from '@assent/core/config-as-code';
import type { z } from 'zod';
import { CliError } from './errors';

/** The schema under optional, default and nullable wrappers. */
function innerType(schema: z.ZodType): z.ZodType {
  let current = schema as z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType } } };
  while (
    ['optional', 'default', 'nullable', 'prefault'].includes(current._zod.def.type) &&
    current._zod.def.innerType
  )
    current = current._zod.def.innerType as typeof current;
  return current;
}

/** A token as JSON when it reads as JSON (numbers, booleans, lists), else as the plain string. */
function scalar(token: string): unknown {
  try {
    return JSON.parse(token) as unknown;
  } catch {
    return token;
  }
}

/**
 * Parses FIELD=VALUE pairs against an object schema's fields: lists are comma-separated (or
 * repeated), numbers and booleans are read as such, everything else is a string. A field given
 * twice accumulates for lists and is an error otherwise; unknown fields list the valid ones.
 */
export function parseAssignments(
  pairs: readonly string[],
  shape: Record<string, z.ZodType>,
  flag: string,
  aliases: Record<string, string> = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`${flag} ${pair}: expected FIELD=VALUE`);
    const field = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1).trim();
    const schema = shape[field];
    if (!schema && !(field in aliases))
      throw new CliError(
        `${flag} ${pair}: unknown field '${field}'. Valid fields: ${[...Object.keys(aliases), ...Object.keys(shape)].sort().join(', ')}`,
      );
    if (!schema) {
      values[field] = raw;
      continue;
    }
    const isList = innerType(schema)._zod.def.type === 'array';
    const candidates: unknown[] = isList
      ? raw.startsWith('[')
        ? [scalar(raw)]
        : [
            [
              ...((values[field] as unknown[] | undefined) ?? []),
              ...raw.split(',').map((t) => scalar(t.trim())),
            ],
            [
              ...((values[field] as unknown[] | undefined) ?? []),
              ...raw.split(',').map((t) => t.trim()),
            ],
          ]
      : [scalar(raw), raw];
    if (!isList && field in values) throw new CliError(`${flag}: '${field}' is given twice`);
    const results = candidates.map((c) => schema.safeParse(c));
    const ok = results.findIndex((r) => r.success);
    if (ok < 0) {
      // The first reading's problem, worded with what the field accepts (core's schema).
      const [problem] = readableIssues(results[0]!.error!, schema, candidates[0], []);
      throw new CliError(`${flag} ${pair}: ${problem?.message ?? 'invalid value'}`);
    }
    values[field] = candidates[ok];
  }
  return values;
}
