import { issuesToFields } from '@assent/core';
import { SURVEY_ANSWERS, SURVEY_ERROR, SURVEY_THANKS, validateSurvey } from '@assent/core/account';
import type { SurveyAnswer } from '@assent/core/account';
import { Callout, DialogBody, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useState } from 'react';
import { useAlerts } from '../components/alerts';
import { FormField } from '../components/FormField';
import { SURVEY_COMMENT_LABEL, SURVEY_QUESTION, SURVEY_SUBMIT, SURVEY_TITLE } from './copy';
import { useSubmitSurvey } from './survey';
import { FormDialogFooter } from '../components/FormDialogFooter';

/**
 * The survey modal: the first question needs an answer before continuing; the comment is optional.
 * Success shows 'Thank you for your feedback!', failure 'Error submitting survey'.
 */
export default function SurveyModal({ pCode, onClose }: { pCode: string; onClose: () => void }) {
  const alerts = useAlerts();
  const submit = useSubmitSurvey(pCode);
  const [answer, setAnswer] = useState<number | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateSurvey({ answer, comment });
    if (!result.ok) {
      setFields(issuesToFields(result.issues));
      return;
    }
    setFields({});
    submit.mutate(result.value, {
      onSuccess: () => {
        alerts.show(SURVEY_THANKS, 'success');
        onClose();
      },
      onError: (error) => {
        console.error('Assent: survey submission failed', error);
        alerts.show(SURVEY_ERROR, 'danger');
      },
    });
  };

  return (
    <Dialog isOpen title={SURVEY_TITLE} onClose={submit.isPending ? undefined : onClose}>
      <form onSubmit={send} noValidate>
        <DialogBody>
          <RadioGroup
            label={SURVEY_QUESTION}
            selectedValue={answer}
            onChange={(event) => setAnswer(Number(event.currentTarget.value) as SurveyAnswer)}
          >
            {SURVEY_ANSWERS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </RadioGroup>
          {fields.answer ? (
            <Callout intent="danger" compact role="alert">
              {fields.answer}
            </Callout>
          ) : null}
          <FormField label={SURVEY_COMMENT_LABEL} error={fields.comment}>
            {(control) => (
              <TextArea
                {...control}
                fill
                rows={3}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
            )}
          </FormField>
        </DialogBody>
        <FormDialogFooter
          submitText={SURVEY_SUBMIT}
          pending={submit.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
