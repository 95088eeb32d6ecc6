import type { InputGroupProps } from '@blueprintjs/core';
import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** What a control inside a FormField spreads onto itself so its label and error are announced. */
export interface FieldControlProps {
  id: string;
  intent: 'danger' | 'none';
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's message (a validation issue from core); shown below the control in red. */
  error?: string | undefined;
  /** Help shown below the control when there is no error. */
  helperText?: ReactNode;
  /** Marks the label '(required)'. @default false */
  required?: boolean;
  /** Lays the label beside the control. @default false */
  inline?: boolean;
  className?: string;
  /** Renders the control with the id and ARIA attributes that tie it to the label and message. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field with its error: every input of the console sits in one. */
export function FormField({
  label,
  error,
  helperText,
  required = false,
  inline = false,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? helperText;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '(required)' : undefined}
      helperText={message ? <span id={messageId}>{message}</span> : undefined}
      intent={error ? 'danger' : 'none'}
      inline={inline}
      className={className}
    >
      {children({
        id,
        intent: error ? 'danger' : 'none',
        'aria-invalid': Boolean(error),
        'aria-describedby': message ? messageId : undefined,
      })}
    </FormGroup>
  );
}

export interface TextFieldProps extends Omit<FormFieldProps, 'children'> {
  value: string;
  onChange: (value: string) => void;
  /** @default 'text' */
  type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'search';
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  disabled?: boolean;
  inputProps?: Omit<InputGroupProps, 'value' | 'onValueChange' | 'type'>;
}

/** A FormField holding a single-line text input. */
export function TextField({
  value,
  onChange,
  type = 'text',
  name,
  autoComplete,
  autoFocus,
  placeholder,
  disabled,
  inputProps,
  ...field
}: TextFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <InputGroup
          {...inputProps}
          {...control}
          type={type}
          name={name}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onValueChange={(next) => onChange(next)}
        />
      )}
    </FormField>
  );
}
