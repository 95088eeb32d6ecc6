import type { z } from 'zod';
import { formatDocumentPath } from '../config-as-code/document';
import { unknownKeyIssues } from '../config-as-code/schema-check';
import type { Issue } from '../validation';
import { issue } from '../validation';

/** The rule name of an unknown field in a request body. */
export const UNKNOWN_FIELD_RULE = 'unknownField';

/**
 * The fields of a request body its schema does not know, at any depth, each named by its path
 * (`publisherCCC`, `consentOrPayConfig.enabeld`) with a suggestion when one is close. zod strips
 * such keys silently, so a misspelled field would vanish and the save succeed; the API refuses
 * them instead, as `assent plan` does for a document.
 */
export function unknownFieldIssues(schema: z.ZodType, body: unknown): Issue[] {
  return unknownKeyIssues(schema, body, []).map((i) =>
    issue(formatDocumentPath(i.path), UNKNOWN_FIELD_RULE, i.message),
  );
}
