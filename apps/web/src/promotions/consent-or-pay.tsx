import {
  COP_REQUEST_EVENT,
  COP_REQUEST_RECEIVED,
  isConsentOrPayRequested,
} from '@assent/core/account';
import { copEventKeys, copEventsQuery, textRequestsQuery } from '@assent/core/queries';
import { isAccountTheme, isContentUnderReview } from '@assent/core/theme';
import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClient, useNow } from '../app/ServicesContext';
import {
  COP_BANNER_TEXT,
  COP_INTRO_TEXT,
  COP_LEARN_MORE,
  COP_INTRO_TITLE,
  COP_REQUEST_BUTTON,
  COP_SUCCESS_TITLE,
  MAYBE_LATER,
} from './copy';

/**
 * Whether the account already asked for Consent or Pay (the latest banner event is REQUEST), and
 * the request itself. Fetch and post failures are only logged: the banner reads "not requested".
 */
export function useConsentOrPayRequest(pCode: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  const events = useQuery(copEventsQuery(client, pCode));
  useEffect(() => {
    if (events.error) console.error('Assent: Consent-or-Pay events failed to load', events.error);
  }, [events.error]);
  const request = useMutation({
    mutationFn: () =>
      client.feedback.postCopBannerEvent({ body: { pcode: pCode, eventType: COP_REQUEST_EVENT } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: copEventKeys.account(pCode) }),
    onError: (error) => console.error('Assent: Consent-or-Pay request failed', error),
  });
  return {
    loaded: !events.isPending,
    requested: isConsentOrPayRequested(events.data ?? []),
    request,
  };
}

/**
 * Whether the theme's Consent-or-Pay content is under review (a text change request of some
 * language in progress), which is when 'CoP content is currently under review…' applies. Only
 * an account's own themes take requests; a failed fetch is only logged and reads as not in review.
 */
export function useCopContentUnderReview(themeId: string, enabled: boolean): boolean {
  const client = useClient();
  const now = useNow();
  const requests = useQuery({
    ...textRequestsQuery(client, themeId),
    enabled: enabled && isAccountTheme(themeId),
  });
  useEffect(() => {
    if (requests.error)
      console.error('Assent: text change requests failed to load', requests.error);
  }, [requests.error]);
  if (!enabled || !requests.data) return false;
  return isContentUnderReview(requests.data, { themeId, customizationType: 'CoP' }, now());
}

/** The introduction modal: what Consent or Pay is, and 'REQUEST ACCESS'. */
export function ConsentOrPayIntroDialog({
  pending,
  onRequest,
  onClose,
}: {
  pending: boolean;
  onRequest: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog isOpen title={COP_INTRO_TITLE} onClose={pending ? undefined : onClose}>
      <DialogBody>
        {COP_INTRO_TEXT.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MAYBE_LATER} onClick={onClose} disabled={pending} />
            <Button
              intent="primary"
              text={COP_REQUEST_BUTTON}
              loading={pending}
              onClick={onRequest}
              autoFocus
            />
          </>
        }
      />
    </Dialog>
  );
}

/** The success modal after a request. */
export function ConsentOrPaySuccessDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog isOpen title={COP_SUCCESS_TITLE} onClose={onClose}>
      <DialogBody>
        <p>{COP_REQUEST_RECEIVED}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="OK" onClick={onClose} autoFocus />} />
    </Dialog>
  );
}

/**
 * On the properties list of an account without Consent or Pay: a short note with the way to ask
 * for it (introduction modal, REQUEST event, success modal). Hidden once requested.
 */
export function ConsentOrPayBanner({ pCode }: { pCode: string }) {
  const { loaded, requested, request } = useConsentOrPayRequest(pCode);
  const [step, setStep] = useState<'idle' | 'intro' | 'success'>('idle');
  if (!loaded || (requested && step !== 'success')) return null;
  return (
    <>
      <Callout compact className="assent-cop-banner">
        <span>{COP_BANNER_TEXT}</span>{' '}
        <Button
          variant="minimal"
          intent="primary"
          size="small"
          text={COP_LEARN_MORE}
          onClick={() => setStep('intro')}
        />
      </Callout>
      {step === 'intro' ? (
        <ConsentOrPayIntroDialog
          pending={request.isPending}
          onClose={() => setStep('idle')}
          onRequest={() => request.mutate(undefined, { onSuccess: () => setStep('success') })}
        />
      ) : null}
      {step === 'success' ? <ConsentOrPaySuccessDialog onClose={() => setStep('idle')} /> : null}
    </>
  );
}
