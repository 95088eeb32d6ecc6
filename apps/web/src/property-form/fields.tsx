import {
  Button,
  Card,
  Checkbox,
  DialogFooter,
  FormGroup,
  H2,
  HTMLSelect,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { FormField } from '../components/FormField';
import { CANCEL_DIALOG, NO, OK, YES } from './copy';

/** One card of a property form: a titled region. */
export function FormCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Card className="assent-form-card">
        <H2 id={id} className="assent-form-card-title">
          {title}
        </H2>
        {children}
      </Card>
    </section>
  );
}

export interface Option<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** The message line under a group of controls (a radio group or a set of checkboxes). */
function GroupMessage({ id, error, help }: { id: string; error?: string; help?: ReactNode }) {
  const message = error ?? help;
  if (!message) return null;
  return (
    <div id={id} className={error ? 'bp6-form-helper-text assent-error' : 'bp6-form-helper-text'}>
      {message}
    </div>
  );
}

/** A labelled radio group with its message; arrow keys move between the options. */
export function RadioField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
  helperText,
  disabled,
  inline = true,
}: {
  label: string;
  value: T | undefined;
  options: ReadonlyArray<Option<T>>;
  onChange: (value: T) => void;
  error?: string | undefined;
  helperText?: ReactNode;
  disabled?: boolean;
  inline?: boolean;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasMessage = Boolean(error ?? helperText);
  return (
    <FormGroup intent={error ? 'danger' : 'none'} className="assent-radio-field">
      <RadioGroup
        label={label}
        selectedValue={value}
        inline={inline}
        disabled={disabled}
        aria-describedby={hasMessage ? messageId : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value as T)}
      >
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={option.disabled}
          />
        ))}
      </RadioGroup>
      <GroupMessage id={messageId} error={error} help={helperText} />
    </FormGroup>
  );
}

/** Yes / No as two radios over a boolean. */
export function YesNoField({
  label,
  value,
  onChange,
  error,
  helperText,
  disabledYes,
  disabled,
}: {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  helperText?: ReactNode;
  disabledYes?: boolean;
  disabled?: boolean;
}) {
  return (
    <RadioField
      label={label}
      value={value ? 'yes' : 'no'}
      options={[
        { value: 'yes', label: YES, disabled: disabledYes ?? false },
        { value: 'no', label: NO },
      ]}
      onChange={(answer) => onChange(answer === 'yes')}
      error={error}
      helperText={helperText}
      disabled={disabled ?? false}
    />
  );
}

/** A set of checkboxes in a fieldset whose legend names the group. */
export function CheckboxGroupField<T extends string | number>({
  legend,
  options,
  selected,
  onChange,
  error,
  helperText,
  inline = true,
}: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>;
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  error?: string | undefined;
  helperText?: ReactNode;
  inline?: boolean;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <FormGroup intent={error ? 'danger' : 'none'}>
      <fieldset
        className="assent-fieldset"
        aria-describedby={error || helperText ? messageId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend>{legend}</legend>
        {options.map((option) => (
          <Checkbox
            key={String(option.value)}
            inline={inline}
            label={option.label}
            disabled={option.disabled}
            checked={selected.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked
                  ? [...selected.filter((v) => v !== option.value), option.value]
                  : selected.filter((v) => v !== option.value),
              )
            }
          />
        ))}
      </fieldset>
      <GroupMessage id={messageId} error={error} help={helperText} />
    </FormGroup>
  );
}

/** A single checkbox with an optional message. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  error,
  helperText,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string | undefined;
  helperText?: ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <FormGroup intent={error ? 'danger' : 'none'} className="assent-checkbox-field">
      <Checkbox
        label={label}
        checked={checked}
        disabled={disabled}
        aria-describedby={error || helperText ? messageId : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <GroupMessage id={messageId} error={error} help={helperText} />
    </FormGroup>
  );
}

/** A labelled native select; `placeholder` shows while the value is none of the options. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  helperText,
  required,
  disabled,
}: {
  label: string;
  value: T | '';
  options: ReadonlyArray<Option<T>>;
  onChange: (value: T) => void;
  placeholder?: string;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}) {
  const known = options.some((o) => o.value === value);
  return (
    <FormField label={label} error={error} helperText={helperText} required={required ?? false}>
      {({ intent: _intent, ...control }) => (
        <HTMLSelect
          {...control}
          fill
          disabled={disabled}
          value={known ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value as T)}
        >
          {known ? null : (
            <option value="" disabled>
              {placeholder ?? ''}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </HTMLSelect>
      )}
    </FormField>
  );
}

/** The footer of the forms' dialogs: Cancel reverts, OK applies. */
export function OkCancelFooter({ onCancel, onOk }: { onCancel: () => void; onOk: () => void }) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={CANCEL_DIALOG} onClick={onCancel} />
          <Button intent="primary" text={OK} onClick={onOk} />
        </>
      }
    />
  );
}
