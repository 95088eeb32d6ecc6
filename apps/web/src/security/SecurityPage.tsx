import { TWO_FACTOR_REQUIRED_BY_ACCOUNT } from '@assent/core/account';
import type { TwoFactorSetup, TwoFactorStatus } from '@assent/core/account';
import { twoFactorKeys, twoFactorStatusQuery } from '@assent/core/queries';
import { Button, Callout, Card, H2, H3, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { TWO_FACTOR_COPY } from '../auth/labels';
import { errorMessage, useAlerts } from '../components/alerts';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { TWO_FACTOR_SETTINGS as COPY } from './labels';
import { CodeForm, EnrolmentQrCode, RecoveryCodesList } from './TwoFactorParts';

/** What the card shows besides the status: an enrolment under way, or codes to save (once). */
type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorSetup }
  | { kind: 'codes'; codes: string[]; title: string };

/**
 * The signed-in user's two-factor sign-in (/protect/p-{pCode}/security, from the user menu): set
 * it up with the QR code and a first code, then see the ten recovery codes once; while it is on,
 * replace the recovery codes or turn it off, each confirmed with a current code. Turning off is
 * refused while an account of the user requires it (the server says so too).
 */
export default function SecurityPage() {
  const client = useClient();
  const status = useQuery(twoFactorStatusQuery(client));
  const [view, setView] = useState<View>({ kind: 'status' });

  let body;
  if (view.kind === 'codes')
    body = (
      <RecoveryCodesList codes={view.codes} title={view.title}>
        <Button intent="primary" text={COPY.done} onClick={() => setView({ kind: 'status' })} />
      </RecoveryCodesList>
    );
  else if (status.isPending) body = <Loading />;
  else if (status.isError)
    body = (
      <Callout intent="danger" role="alert">
        {errorMessage(status.error)}
      </Callout>
    );
  else if (view.kind === 'enrolling')
    body = (
      <Enrolling
        enrolment={view.enrolment}
        onCancel={() => setView({ kind: 'status' })}
        onEnabled={(codes) =>
          setView({ kind: 'codes', codes, title: TWO_FACTOR_COPY.recoveryTitle })
        }
      />
    );
  else if (status.data.enabled)
    body = (
      <TwoFactorOn
        status={status.data}
        onNewCodes={(codes) => setView({ kind: 'codes', codes, title: COPY.newCodesTitle })}
      />
    );
  else body = <TwoFactorOff onEnrol={(enrolment) => setView({ kind: 'enrolling', enrolment })} />;

  return (
    <PageLayout title={COPY.title}>
      <div className="assent-organisation">
        <Card>
          {status.data && view.kind === 'status' ? (
            <Tag
              intent={status.data.enabled ? 'success' : 'none'}
              data-testid="two-factor-state"
              className="assent-two-factor-tag"
            >
              {status.data.enabled ? COPY.onTag : COPY.offTag}
            </Tag>
          ) : null}
          {body}
        </Card>
      </div>
    </PageLayout>
  );
}

function TwoFactorOff({ onEnrol }: { onEnrol: (enrolment: TwoFactorSetup) => void }) {
  const client = useClient();
  const setup = useMutation({ mutationFn: () => client.auth.twoFactorSetup(), onSuccess: onEnrol });
  return (
    <>
      <p>{COPY.offText}</p>
      {setup.isError ? (
        <Callout intent="danger" compact role="alert">
          {errorMessage(setup.error)}
        </Callout>
      ) : null}
      <Button
        intent="primary"
        text={COPY.setUp}
        loading={setup.isPending}
        onClick={() => setup.mutate()}
      />
    </>
  );
}

function Enrolling({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const enable = useMutation({
    mutationFn: (code: string) => client.auth.twoFactorEnable({ body: { code } }),
    onSuccess: ({ recoveryCodes }) => {
      alerts.show(COPY.turnedOn, 'success');
      onEnabled(recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
  });
  return (
    <>
      <H2>{COPY.setUp}</H2>
      <EnrolmentQrCode enrolment={enrolment} />
      <CodeForm
        label={COPY.setUp}
        submitText={COPY.turnOn}
        pending={enable.isPending}
        error={enable.error}
        onSubmit={(code) => enable.mutate(code)}
        extra={<Button variant="minimal" text={COPY.cancel} onClick={onCancel} />}
      />
    </>
  );
}

function TwoFactorOn({
  status,
  onNewCodes,
}: {
  status: TwoFactorStatus;
  onNewCodes: (codes: string[]) => void;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
  const regenerate = useMutation({
    mutationFn: (code: string) => client.auth.twoFactorRecoveryCodes({ body: { code } }),
    onSuccess: ({ recoveryCodes }) => {
      onNewCodes(recoveryCodes);
      refresh();
    },
  });
  const turnOff = useMutation({
    mutationFn: (code: string) => client.auth.twoFactorDisable({ body: { code } }),
    onSuccess: (next) => {
      queryClient.setQueryData(twoFactorKeys.mine(), next);
      alerts.show(COPY.turnedOff, 'success');
      refresh();
    },
  });
  const required = status.requiredBy.length > 0;
  return (
    <>
      <p>{COPY.onText}</p>
      <p data-testid="recovery-codes-left">
        {COPY.recoveryLeft(status.recoveryCodesLeft)}
        {required ? ` ${COPY.requiredBy(status.requiredBy)}` : ''}
      </p>
      <section className="assent-two-factor-section">
        <H3>{COPY.regenerateTitle}</H3>
        <p className="assent-muted">{COPY.regenerateText}</p>
        <CodeForm
          label={COPY.regenerateTitle}
          submitText={COPY.regenerate}
          pending={regenerate.isPending}
          error={regenerate.error}
          onSubmit={(code) => regenerate.mutate(code)}
        />
      </section>
      <section className="assent-two-factor-section">
        <H3>{COPY.turnOffTitle}</H3>
        {required ? (
          <Callout intent="primary" compact>
            {TWO_FACTOR_REQUIRED_BY_ACCOUNT}
          </Callout>
        ) : (
          <p className="assent-muted">{COPY.turnOffText}</p>
        )}
        <CodeForm
          label={COPY.turnOffTitle}
          submitText={COPY.turnOff}
          intent="danger"
          disabled={required}
          pending={turnOff.isPending}
          error={turnOff.error}
          onSubmit={(code) => turnOff.mutate(code)}
        />
      </section>
    </>
  );
}
