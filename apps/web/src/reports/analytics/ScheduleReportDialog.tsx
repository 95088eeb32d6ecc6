import type { Issue } from '@assent/core';
import type { ScheduleForm, ScheduleFrequency } from '@assent/core/reports';
import {
  addRecipient,
  formatScheduleTime,
  isScheduleHourDisabled,
  parseScheduleTime,
  removeRecipient,
  SCHEDULE_FREQUENCY_LABELS,
  SCHEDULE_REPORT,
  ScheduleFrequency as Frequencies,
} from '@assent/core/reports';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { FormField, TextField } from '../../components/FormField';
import { UtcDayInput } from './UtcDayInput';

export const SCHEDULE_LABELS = {
  name: 'Report Name',
  frequency: 'Frequency',
  startDate: 'Start Date',
  endDate: 'End Date',
  time: 'Time (UTC)',
  hour: 'Hour (UTC)',
  minute: 'Minute',
  recipients: 'Recipients',
  recipient: 'Recipient e-mail',
  add: 'Add',
  submit: 'Schedule',
  cancel: 'Cancel',
} as const;

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 }, (_, m) => m);

export interface ScheduleReportDialogProps {
  form: ScheduleForm;
  issues: readonly Issue[];
  pending: boolean;
  onChange: (form: ScheduleForm) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * The Schedule Report modal: name, frequency (daily by default), start and end dates, a time in
 * UTC whose hours 0 to 7 cannot be chosen, and the recipients list. Core validates it on submit
 * (`validateScheduleForm` in the reducer); each issue shows on its field.
 */
export function ScheduleReportDialog({
  form,
  issues,
  pending,
  onChange,
  onSubmit,
  onClose,
}: ScheduleReportDialogProps) {
  const [recipient, setRecipient] = useState('');
  const issueOf = (field: string) => issues.find((i) => i.field === field)?.message;
  const set = (patch: Partial<ScheduleForm>) => onChange({ ...form, ...patch });
  const time = form.time ? parseScheduleTime(form.time) : undefined;
  const setTime = (hours: number | undefined, minutes: number | undefined) =>
    set({ time: hours === undefined ? undefined : formatScheduleTime(hours, minutes ?? 0) });
  const recipientIssues = issues.filter((i) => i.field.startsWith('recipients.'));
  const addTyped = () => {
    set({ recipients: addRecipient(form.recipients, recipient) });
    setRecipient('');
  };
  const otherIssues = issues.filter(
    (i) =>
      !['name', 'frequency', 'startDate', 'endDate', 'time'].includes(i.field) &&
      !i.field.startsWith('recipients.'),
  );

  return (
    <Dialog isOpen title={SCHEDULE_REPORT} onClose={pending ? undefined : onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogBody>
          <TextField
            label={SCHEDULE_LABELS.name}
            required
            value={form.name}
            onChange={(name) => set({ name })}
            error={issueOf('name')}
            autoFocus
          />
          <FormField label={SCHEDULE_LABELS.frequency} required error={issueOf('frequency')}>
            {(control) => (
              <HTMLSelect
                {...control}
                value={form.frequency ?? ''}
                onChange={(e) =>
                  set({
                    frequency: (e.currentTarget.value || undefined) as
                      ScheduleFrequency | undefined,
                  })
                }
                options={Frequencies.options.map((f) => ({
                  value: f,
                  label: SCHEDULE_FREQUENCY_LABELS[f],
                }))}
              />
            )}
          </FormField>
          <div className="assent-schedule-dates">
            <FormField label={SCHEDULE_LABELS.startDate} required error={issueOf('startDate')}>
              {(control) => (
                <UtcDayInput
                  control={control}
                  value={form.startDate}
                  onChange={(startDate) => set({ startDate })}
                />
              )}
            </FormField>
            <FormField label={SCHEDULE_LABELS.endDate} required error={issueOf('endDate')}>
              {(control) => (
                <UtcDayInput
                  control={control}
                  value={form.endDate}
                  onChange={(endDate) => set({ endDate })}
                />
              )}
            </FormField>
          </div>
          <FormField label={SCHEDULE_LABELS.time} required error={issueOf('time')}>
            {(control) => (
              <div className="assent-schedule-time">
                <HTMLSelect
                  {...control}
                  aria-label={SCHEDULE_LABELS.hour}
                  value={time ? String(time.hours) : ''}
                  onChange={(e) =>
                    setTime(
                      e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value),
                      time?.minutes,
                    )
                  }
                >
                  <option value="">Hour</option>
                  {HOURS.map((h) => (
                    <option key={h} value={h} disabled={isScheduleHourDisabled(h)}>
                      {h}
                    </option>
                  ))}
                </HTMLSelect>
                <span aria-hidden>:</span>
                <HTMLSelect
                  aria-label={SCHEDULE_LABELS.minute}
                  value={time ? String(time.minutes) : ''}
                  disabled={!time}
                  onChange={(e) => setTime(time?.hours, Number(e.currentTarget.value))}
                >
                  {time ? null : <option value="">Minute</option>}
                  {MINUTES.map((m) => (
                    <option key={m} value={m}>
                      {String(m).padStart(2, '0')}
                    </option>
                  ))}
                </HTMLSelect>
              </div>
            )}
          </FormField>
          <FormField label={SCHEDULE_LABELS.recipients} error={recipientIssues[0]?.message}>
            {(control) => (
              <div className="assent-schedule-recipients">
                <InputGroup
                  {...control}
                  aria-label={SCHEDULE_LABELS.recipient}
                  type="email"
                  placeholder="name@example.com"
                  value={recipient}
                  onValueChange={setRecipient}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addTyped();
                    }
                  }}
                  rightElement={
                    <Button variant="minimal" text={SCHEDULE_LABELS.add} onClick={addTyped} />
                  }
                />
                <ul aria-label={SCHEDULE_LABELS.recipients} className="assent-recipient-list">
                  {form.recipients.map((r, i) => (
                    <li key={r}>
                      <Tag intent={issueOf(`recipients.${i}`) ? 'danger' : 'none'}>{r}</Tag>
                      <Button
                        variant="minimal"
                        size="small"
                        icon={<CrossIcon />}
                        aria-label={`Remove ${r}`}
                        onClick={() => set({ recipients: removeRecipient(form.recipients, r) })}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </FormField>
          {otherIssues.map((i) => (
            <Callout key={`${i.field}-${i.rule}`} intent="danger" compact role="alert">
              {i.message}
            </Callout>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={SCHEDULE_LABELS.cancel} onClick={onClose} disabled={pending} />
              <Button
                type="submit"
                intent="primary"
                text={SCHEDULE_LABELS.submit}
                loading={pending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
