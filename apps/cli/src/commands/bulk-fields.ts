import type { z } from 'zod';
import { BulkDetailsForm, BulkFilters } from '@assent/core/bulk-update';
import { describeExpected } from '@assent/core/config-as-code';
import { wrapText } from '../output/table';

/** `theme=NAME` in --where or --set: a theme by name, looked up and sent as themeId. */
export const THEME_ALIAS = { theme: 'a theme name (sets themeId)' };

/** The filters of --where: the console's bulk filters. */
export const WHERE_SHAPE: Record<string, z.ZodType> = BulkFilters.shape;

/**
 * The fields of --set: the console's step 2 form (the bulk update fields and the legal-basis
 * choice, placed before the purposes it governs); noLegalBasis follows from legalBasis.
 */
export const SET_SHAPE: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(BulkDetailsForm.shape).flatMap(([name, schema]) =>
    name === 'noLegalBasis' || name === 'legalBasis'
      ? []
      : name === 'purposeIds'
        ? [
            ['legalBasis', BulkDetailsForm.shape.legalBasis],
            [name, schema],
          ]
        : [[name, schema]],
  ),
);

const NAME_WIDTH = 28;

function fieldLines(shape: Record<string, z.ZodType>, width: number): string {
  const rows: Array<[string, string]> = [
    ['theme', THEME_ALIAS.theme],
    ...Object.entries(shape).map(([name, schema]): [string, string] => {
      const expected = describeExpected(schema) ?? '';
      return [name, expected.includes('mapping') ? `${expected} (as JSON)` : expected];
    }),
  ];
  return rows
    .flatMap(([name, text]) =>
      wrapText(text, width - NAME_WIDTH - 2).map(
        (line, i) => `  ${(i === 0 ? name : '').padEnd(NAME_WIDTH)}${line}`,
      ),
    )
    .join('\n');
}

/** The --where and --set fields with what each accepts, read off core's schemas, for --help. */
export function bulkFieldsHelp(width = 80): string {
  return (
    `\nFields of --where (all given must match; a list matches any of its values):\n${fieldLines(WHERE_SHAPE, width)}\n` +
    `\nFields of --set (lists comma-separated or the option repeated):\n${fieldLines(SET_SHAPE, width)}\n`
  );
}
