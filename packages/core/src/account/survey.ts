import { z } from 'zod';
import type { Validation } from '../validation';
import { collect, issue } from '../validation';
import { SURVEY_ANSWER_REQUIRED, SURVEY_COMMENT_TOO_LONG } from './messages';

/**
 * The premium-interest survey (properties-and-tags §3, §5, §8, §9).
 */

export const SurveyAnswer = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type SurveyAnswer = z.infer<typeof SurveyAnswer>;

/** The first question's answers, in order. */
export const SURVEY_ANSWERS: ReadonlyArray<{ value: SurveyAnswer; label: string }> = [
  { value: 1, label: 'Yes very interested' },
  { value: 2, label: 'Maybe' },
  { value: 3, label: 'I would rather pay for CMP Premium' },
  { value: 4, label: 'No' },
];

export const SURVEY_COMMENT_MAX_LENGTH = 1000;

/** What POST /customization/{pCode}/survey takes. */
export const SurveySubmission = z.object({
  answer: SurveyAnswer,
  comment: z.string().max(SURVEY_COMMENT_MAX_LENGTH).default(''),
});
export type SurveySubmission = z.infer<typeof SurveySubmission>;

/** What GET /customization/{pCode}/survey returns. */
export const SurveyStatus = z.object({ filled: z.boolean() });
export type SurveyStatus = z.infer<typeof SurveyStatus>;

/** The first question needs an answer before continuing; the comment is optional. */
export function validateSurvey(form: {
  answer: number | undefined;
  comment?: string | undefined;
}): Validation<SurveySubmission> {
  const answer = SurveyAnswer.safeParse(form.answer);
  const comment = (form.comment ?? '').trim();
  return collect({ answer: form.answer as SurveyAnswer, comment }, [
    !answer.success && issue('answer', 'required', SURVEY_ANSWER_REQUIRED),
    comment.length > SURVEY_COMMENT_MAX_LENGTH &&
      issue('comment', 'maxLength', SURVEY_COMMENT_TOO_LONG),
  ]);
}
