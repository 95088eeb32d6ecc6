import { issuesToFields } from '@assent/core';
import {
  DOWNLOAD_LOG_DAYS,
  earliestLogEndDate,
  logStartDate,
  normaliseAuditUrl,
  validateDownloadLogs,
} from '@assent/core/audit-log';
import { propertyIdentifier } from '@assent/core/property';
import type { PropertyListRow } from '@assent/core/property';
import { auditLogKeys } from '@assent/core/queries';
import { Callout, DialogBody, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient, useNow } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { FormField } from '../components/FormField';
import { FormDialogFooter } from '../components/FormDialogFooter';

export const DOWNLOAD_LOGS_TITLE = 'Download site logs';
export const END_DATE_LABEL = 'End date';
export const DAYS_BACK_LABEL = 'Days back';
export const PREPARE_LOGS = 'PREPARE LOGS';
export const LOGS_REQUESTED =
  'Your logs are being prepared. We will let you know here when they are ready to download.';
export const logsPeriod = (start: string, end: string) => `Consent logs from ${start} to ${end}.`;

/** Asks for an end date and 30, 60 or 90 days back, then prepares the site's consent logs. */
export default function DownloadLogsDialog({
  pCode,
  item,
  onClose,
}: {
  pCode: string;
  item: PropertyListRow;
  onClose: () => void;
}) {
  const client = useClient();
  const now = useNow();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const today = now().toISOString().slice(0, 10);
  const [endDate, setEndDate] = useState(today);
  // No period is preselected: the spec requires the user to choose 30, 60 or 90 days.
  const [daysBack, setDaysBack] = useState<number | undefined>(undefined);
  const [fields, setFields] = useState<Record<string, string>>({});
  const prepare = useMutation({
    mutationFn: (body: { endDate: string; daysBack: number }) =>
      client.auditLogs.create({
        query: { pCode },
        body: { url: normaliseAuditUrl(propertyIdentifier(item)), ...body },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.account(pCode) });
      alerts.show(LOGS_REQUESTED, 'primary');
      onClose();
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateDownloadLogs({ endDate, ...(daysBack ? { daysBack } : {}) }, now());
    if (!result.ok) {
      setFields(issuesToFields(result.issues));
      return;
    }
    setFields({});
    prepare.mutate(result.value);
  };

  const valid = validateDownloadLogs({ endDate, ...(daysBack ? { daysBack } : {}) }, now());
  return (
    <Dialog isOpen title={DOWNLOAD_LOGS_TITLE} onClose={prepare.isPending ? undefined : onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p>
            <strong>{propertyIdentifier(item)}</strong>
          </p>
          <FormField label={END_DATE_LABEL} error={fields.endDate} required>
            {(control) => (
              <InputGroup
                {...control}
                type="date"
                value={endDate}
                min={earliestLogEndDate(now())}
                max={today}
                autoFocus
                onValueChange={setEndDate}
              />
            )}
          </FormField>
          <RadioGroup
            label={DAYS_BACK_LABEL}
            inline
            selectedValue={daysBack}
            onChange={(event) => setDaysBack(Number(event.currentTarget.value))}
          >
            {DOWNLOAD_LOG_DAYS.map((days) => (
              <Radio key={days} value={days} label={`${days} days`} />
            ))}
          </RadioGroup>
          {fields.daysBack ? (
            <Callout intent="danger" compact>
              {fields.daysBack}
            </Callout>
          ) : null}
          {valid.ok ? (
            <p className="assent-muted">
              {logsPeriod(
                logStartDate(valid.value.endDate, valid.value.daysBack),
                valid.value.endDate,
              )}
            </p>
          ) : null}
          {prepare.isError ? (
            <Callout intent="danger" compact role="alert">
              {errorMessage(prepare.error)}
            </Callout>
          ) : null}
        </DialogBody>
        <FormDialogFooter
          submitText={PREPARE_LOGS}
          pending={prepare.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
