import {
  SURVEY_ANSWERS,
  SURVEY_THANKS,
  recordSurveyPopupClosed,
  shouldShowSurveyPopup,
} from '@assent/core/account';
import type { SurveyAnswer } from '@assent/core/account';
import { Button, Card, H5 } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useConsoleStorage, useNow } from '../app/ServicesContext';
import { useAttentionTurn } from '../components/attention';
import { SURVEY_POPUP_CLOSE, SURVEY_QUESTION, SURVEY_TITLE } from './copy';
import { useSubmitSurvey, useSurveyFilled } from './survey';

/**
 * The survey popup: a small card (not modal) while the survey is not filled and the popup was
 * never closed or was closed 30+ days ago (stored per account code). One click answers; a failed
 * answer is only logged.
 */
export function SurveyPopup({ pCode }: { pCode: string }) {
  const storage = useConsoleStorage();
  const now = useNow();
  const filled = useSurveyFilled(pCode);
  const submit = useSubmitSurvey(pCode);
  const [closed, setClosed] = useState(false);
  const [thanked, setThanked] = useState(false);

  const wants =
    !closed &&
    filled !== undefined &&
    (thanked || shouldShowSurveyPopup({ pcode: pCode, surveyFilled: filled, now: now(), storage }));
  // It waits while a modal or the tag warning has the user's attention (issue 17 item 9).
  const myTurn = useAttentionTurn('surveyPopup', wants);
  if (!myTurn) return null;
  const close = () => {
    recordSurveyPopupClosed(pCode, now(), storage);
    setClosed(true);
  };
  const answer = (value: SurveyAnswer) =>
    submit.mutate(
      { answer: value, comment: '' },
      {
        onSuccess: () => setThanked(true),
        onError: (error) => console.error('Assent: survey popup answer failed', error),
      },
    );

  return (
    <>
      <div className="assent-survey-popup-spacer" aria-hidden="true" />
      <Card
        elevation={3}
        className="assent-survey-popup"
        role="complementary"
        aria-label={SURVEY_TITLE}
      >
        <div className="assent-survey-popup-header">
          <H5>{SURVEY_TITLE}</H5>
          <Button
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            aria-label={SURVEY_POPUP_CLOSE}
            onClick={close}
          />
        </div>
        {thanked ? (
          <p role="status">{SURVEY_THANKS}</p>
        ) : (
          <>
            <p id="assent-survey-popup-question">{SURVEY_QUESTION}</p>
            <div
              className="assent-survey-popup-answers"
              role="group"
              aria-labelledby="assent-survey-popup-question"
            >
              {SURVEY_ANSWERS.map((option) => (
                <Button
                  key={option.value}
                  size="small"
                  text={option.label}
                  disabled={submit.isPending}
                  onClick={() => answer(option.value)}
                />
              ))}
            </div>
          </>
        )}
      </Card>
    </>
  );
}
