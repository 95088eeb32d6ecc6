import type { SurveySubmission } from '@assent/core/account';
import { surveyKeys, surveyQuery } from '@assent/core/queries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';

/** Whether the account filled the survey (undefined while loading or when the call failed). */
export function useSurveyFilled(pCode: string): boolean | undefined {
  const client = useClient();
  const { data } = useQuery(surveyQuery(client, pCode));
  return data?.filled;
}

/** Submits the survey; the cache learns it is filled. */
export function useSubmitSurvey(pCode: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveySubmission) =>
      client.feedback.submitSurvey({ params: { pCode }, body }),
    onSuccess: (status) => queryClient.setQueryData(surveyKeys.account(pCode), status),
  });
}
