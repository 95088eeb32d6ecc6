import { BULK_UPDATE_POLL_INTERVAL_MS, canPollBulkUpdateAgain } from '@assent/core/account';
import {
  applyCacheEffects,
  bulkUpdateFinishedEffects,
  bulkUpdateStatusQuery,
} from '@assent/core/queries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useClient } from '../app/ServicesContext';

/**
 * The account's latest bulk update (status call with page 'status'). While it runs it is polled
 * every 10 s, at most 4 times (properties-and-tags §4); when it is seen to finish, the properties
 * list is loaded again (the statuses and settings of its properties changed).
 */
export function useBulkUpdateStatus(pCode: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  const query = useQuery(bulkUpdateStatusQuery(client, pCode, 'status'));
  const job = query.data?.job;
  const running = job ? !job.done : false;
  const polls = useRef(0);
  const { dataUpdatedAt, refetch } = query;

  useEffect(() => {
    if (!running || !canPollBulkUpdateAgain(polls.current)) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void refetch();
    }, BULK_UPDATE_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, dataUpdatedAt, refetch]);

  const seenRunning = useRef(false);
  useEffect(() => {
    if (running) seenRunning.current = true;
    else if (seenRunning.current && job) {
      seenRunning.current = false;
      void applyCacheEffects(queryClient, bulkUpdateFinishedEffects(pCode));
    }
  }, [running, job, pCode, queryClient]);

  return query;
}
