import { issuesToFields } from '@assent/core';
import type { LanguageCode } from '@assent/core';
import { textRequestKeys, textRequestsQuery } from '@assent/core/queries';
import {
  TEXT_REQUEST_COLUMNS,
  TEXT_REQUEST_MODAL_TITLES,
  TEXT_REQUEST_STATUS_LABELS,
  canDecideTextRequest,
  textRequestReviewMessage,
  textRequestState,
  validateTextChangeRequest,
} from '@assent/core/theme';
import type { CustomizationType, TextChangeRequest, TextRequestDecision } from '@assent/core/theme';
import {
  Button,
  ButtonGroup,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useAccount } from '../app/AccountContext';
import { useClient, useNow } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { Dialog } from '../components/Dialog';
import { LANGUAGE_TAB_LABELS, TEXT_REQUEST_LABELS as L } from './copy';
import type { ThemeFormApi } from './use-theme-form';

function TextAreaField({
  label,
  value,
  error,
  readOnly,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  readOnly?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span className="assent-error">{error}</span> : undefined}
    >
      <TextArea
        id={id}
        fill
        rows={4}
        readOnly={readOnly}
        value={value}
        aria-invalid={Boolean(error)}
        intent={error ? 'danger' : 'none'}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormGroup>
  );
}

type Step =
  | { kind: 'closed' }
  | { kind: 'request'; text: string; reason: string; showIssues: boolean }
  | { kind: 'review'; referenceId: number };

const formatDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

type Column = (typeof TEXT_REQUEST_COLUMNS)[number]['key'];
const CELLS: Record<Column, (r: TextChangeRequest) => ReactNode> = {
  id: (r) => r.id,
  language: (r) => r.language,
  customizationText: (r) => r.customizationText,
  reason: (r) => r.reason,
  createdOn: (r) => formatDate(r.createdOn),
  status: (r) => TEXT_REQUEST_STATUS_LABELS[r.status],
};

/**
 * The text change requests of one language and type: the 'Text Change Request' modal (proposed
 * text and reason), 'Your Request is under Review' with the reference id, and the 'Text change
 * submitted requests' table with Approve and Reject for admins. A new theme keeps its request
 * until it is saved.
 */
export function TextChangeRequests({
  form,
  language,
  customizationType,
}: {
  form: ThemeFormApi;
  language: LanguageCode;
  customizationType: CustomizationType;
}) {
  const { themeId, dispatch, state } = form;
  const { user } = useAccount();
  const client = useClient();
  const now = useNow();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const requests = useQuery({
    ...textRequestsQuery(client, themeId ?? ''),
    enabled: themeId !== undefined,
  });
  const mine = (requests.data ?? []).filter(
    (r) => r.language === language && r.customizationType === customizationType,
  );
  const status = themeId
    ? textRequestState(mine, { themeId, language, customizationType }, now())
    : undefined;
  const queued = state.pendingRequests.find(
    (r) => r.language === language && r.customizationType === customizationType,
  );

  const create = useMutation({
    mutationFn: (draft: { text: string; reason: string }) =>
      client.textRequests.create({
        body: [
          {
            customizationText: draft.text,
            reason: draft.reason,
            language,
            customizationType,
            themeId: themeId!,
          },
        ],
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: textRequestKeys.theme(themeId!) });
      setStep({ kind: 'review', referenceId: created[0]?.id ?? 0 });
    },
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; status: TextRequestDecision }) =>
      client.textRequests.updateStatus({
        params: { id: input.id },
        query: { status: input.status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: textRequestKeys.theme(themeId!) }),
  });

  const submit = () => {
    if (step.kind !== 'request') return;
    const checked = validateTextChangeRequest({
      customizationText: step.text,
      reason: step.reason,
    });
    if (!checked.ok) {
      setStep({ ...step, showIssues: true });
      return;
    }
    if (!themeId) {
      dispatch({
        type: 'queueTextRequest',
        request: { customizationText: step.text, reason: step.reason, language, customizationType },
      });
      setStep({ kind: 'closed' });
      return;
    }
    create.mutate({ text: step.text, reason: step.reason });
  };

  const issues =
    step.kind === 'request' && step.showIssues
      ? issuesToFields(
          (() => {
            const r = validateTextChangeRequest({
              customizationText: step.text,
              reason: step.reason,
            });
            return r.ok ? [] : r.issues;
          })(),
        )
      : {};
  const locked = status?.locked ?? false;
  const canRequest = status ? status.canRequest : true;

  return (
    <section className="assent-text-requests" aria-label={TEXT_REQUEST_MODAL_TITLES.submitted}>
      {status?.message ? (
        <Callout
          compact
          intent={status.latest?.status === 'rejected' ? 'warning' : 'primary'}
          role="status"
        >
          {status.message}
        </Callout>
      ) : null}
      {queued ? (
        <Callout compact intent="primary" role="status">
          {L.queued}
        </Callout>
      ) : null}
      <Button
        text={LANGUAGE_TAB_LABELS.requestChange}
        disabled={!canRequest && !locked}
        onClick={() =>
          setStep({
            kind: 'request',
            text: locked
              ? (status?.latest?.customizationText ?? '')
              : (queued?.customizationText ?? ''),
            reason: locked ? (status?.latest?.reason ?? '') : (queued?.reason ?? ''),
            showIssues: false,
          })
        }
      />
      {mine.length ? (
        <>
          <h4 className="assent-subheading">{TEXT_REQUEST_MODAL_TITLES.submitted}</h4>
          <HTMLTable compact striped className="assent-text-requests-table">
            <thead>
              <tr>
                {TEXT_REQUEST_COLUMNS.map((c) => (
                  <th key={c.key} scope="col">
                    {c.title}
                  </th>
                ))}
                {user.isAdmin ? <th scope="col">{L.decision}</th> : null}
              </tr>
            </thead>
            <tbody>
              {mine.map((r) => (
                <tr key={r.id}>
                  {TEXT_REQUEST_COLUMNS.map((c) => (
                    <td key={c.key}>{CELLS[c.key](r)}</td>
                  ))}
                  {user.isAdmin ? (
                    <td>
                      {canDecideTextRequest(r, user) ? (
                        <ButtonGroup>
                          <Button
                            intent="success"
                            text={L.approve}
                            loading={decide.isPending}
                            onClick={() => decide.mutate({ id: r.id, status: 'approved' })}
                          />
                          <Button
                            intent="danger"
                            text={L.reject}
                            loading={decide.isPending}
                            onClick={() => decide.mutate({ id: r.id, status: 'rejected' })}
                          />
                        </ButtonGroup>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {decide.error ? (
            <Callout intent="danger" compact role="alert">
              {errorMessage(decide.error)}
            </Callout>
          ) : null}
        </>
      ) : null}

      {step.kind === 'request' ? (
        <Dialog
          isOpen
          title={TEXT_REQUEST_MODAL_TITLES.request}
          onClose={() => setStep({ kind: 'closed' })}
        >
          <DialogBody>
            {locked ? <Callout compact>{TEXT_REQUEST_STATUS_LABELS['in-progress']}</Callout> : null}
            <TextAreaField
              label={L.customizationText}
              value={step.text}
              readOnly={locked}
              error={issues.customizationText}
              onChange={(text) => setStep({ ...step, text })}
            />
            <TextAreaField
              label={L.reason}
              value={step.reason}
              readOnly={locked}
              error={issues.reason}
              onChange={(reason) => setStep({ ...step, reason })}
            />
            {create.error ? (
              <Callout intent="danger" compact role="alert">
                {errorMessage(create.error)}
              </Callout>
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={L.close} onClick={() => setStep({ kind: 'closed' })} />
                {locked ? null : (
                  <Button
                    intent="primary"
                    text={L.submit}
                    loading={create.isPending}
                    onClick={submit}
                  />
                )}
              </>
            }
          />
        </Dialog>
      ) : null}
      {step.kind === 'review' ? (
        <Dialog
          isOpen
          title={TEXT_REQUEST_MODAL_TITLES.underReview}
          onClose={() => setStep({ kind: 'closed' })}
        >
          <DialogBody>
            <p>{textRequestReviewMessage(step.referenceId)}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <Button intent="primary" text={L.close} onClick={() => setStep({ kind: 'closed' })} />
            }
          />
        </Dialog>
      ) : null}
    </section>
  );
}
