import {
  twoFactorKeys,
  twoFactorRequirementQuery,
  twoFactorStatusQuery,
} from '@assent/core/queries';
import { ENABLE_TWO_FACTOR_FIRST } from '@assent/core/account';
import { Button, Callout, Card, H2, Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { Loading } from '../components/Loading';
import { TWO_FACTOR_REQUIREMENT as COPY, TWO_FACTOR_SETTINGS } from './labels';
import { CodeForm } from './TwoFactorParts';

/**
 * The account's "Require two-factor sign-in" switch (organisation page). Any member may change it
 * (Assent has no roles), but only one who uses two-factor sign-in, and each change is confirmed
 * with a current code of their own (docs/decisions.md); the server enforces both.
 */
export function TwoFactorRequirementCard({ pCode }: { pCode: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const requirement = useQuery(twoFactorRequirementQuery(client, pCode));
  const mine = useQuery(twoFactorStatusQuery(client));
  /** The value the member asked for, waiting for their code. */
  const [asked, setAsked] = useState<boolean | undefined>();
  const change = useMutation({
    mutationFn: (input: { required: boolean; code: string }) =>
      client.organisation.setTwoFactorRequirement({ params: { pCode }, body: input }),
    onSuccess: ({ required }) => {
      setAsked(undefined);
      queryClient.setQueryData(twoFactorKeys.account(pCode), { required });
      alerts.show(required ? COPY.nowRequired : COPY.noLongerRequired, 'success');
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
  });

  const failed = requirement.error ?? mine.error;
  const canChange = mine.data?.enabled === true;
  return (
    <Card>
      <H2 id="two-factor-requirement-title">{COPY.title}</H2>
      {requirement.isPending || mine.isPending ? <Loading /> : null}
      {failed ? (
        <Callout intent="danger" role="alert">
          {errorMessage(failed)}
        </Callout>
      ) : null}
      {requirement.data && mine.data ? (
        <>
          <Switch
            large
            label={COPY.switchLabel}
            checked={asked ?? requirement.data.required}
            disabled={!canChange || change.isPending}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              change.reset();
              setAsked(next === requirement.data.required ? undefined : next);
            }}
          />
          <p className="assent-muted">{COPY.text}</p>
          {!canChange ? (
            <Callout intent="primary" compact>
              {ENABLE_TWO_FACTOR_FIRST} <Link to={paths.security(pCode)}>{COPY.setUpYours}</Link>
            </Callout>
          ) : null}
          {asked !== undefined ? (
            <CodeForm
              key={String(asked)}
              label={asked ? COPY.confirmOn : COPY.confirmOff}
              submitText={asked ? COPY.confirmOn : COPY.confirmOff}
              intent={asked ? 'primary' : 'danger'}
              pending={change.isPending}
              error={change.error}
              onSubmit={(code) => change.mutate({ required: asked, code })}
              extra={
                <Button
                  variant="minimal"
                  text={TWO_FACTOR_SETTINGS.cancel}
                  onClick={() => {
                    change.reset();
                    setAsked(undefined);
                  }}
                />
              }
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
