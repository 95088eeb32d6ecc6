import { describe, expect, it } from 'vitest';
import { SURVEY_ERROR, SURVEY_THANKS } from './messages';
import { SURVEY_ANSWERS, SurveySubmission, validateSurvey } from './survey';

describe('survey', () => {
  it('offers answers 1 to 4 in order', () => {
    expect(SURVEY_ANSWERS.map((a) => [a.value, a.label])).toEqual([
      [1, 'Yes very interested'],
      [2, 'Maybe'],
      [3, 'I would rather pay for CMP Premium'],
      [4, 'No'],
    ]);
  });

  it('requires an answer to the first question before continuing', () => {
    const result = validateSurvey({ answer: undefined });
    expect(!result.ok && result.issues.map((i) => [i.field, i.message])).toEqual([
      ['answer', 'Please select an answer to continue'],
    ]);
    expect(validateSurvey({ answer: 5 }).ok).toBe(false);
    expect(validateSurvey({ answer: 2, comment: ' maybe later ' })).toEqual({
      ok: true,
      value: { answer: 2, comment: 'maybe later' },
    });
  });

  it('limits the comment and defaults it to empty', () => {
    expect(validateSurvey({ answer: 1, comment: 'x'.repeat(1001) }).ok).toBe(false);
    expect(SurveySubmission.parse({ answer: 4 })).toEqual({ answer: 4, comment: '' });
  });

  it('words success and failure as the spec does', () => {
    expect(SURVEY_THANKS).toBe('Thank you for your feedback!');
    expect(SURVEY_ERROR).toBe('Error submitting survey');
  });
});
