import type { TwoFactorSetup } from '@assent/core/account';
import { validateTwoFactorCode } from '@assent/core/account';
import { ApiError } from '@assent/core';
import { Button, Callout, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { AUTH_LABELS, TWO_FACTOR_COPY } from '../auth/labels';
import { errorMessage } from '../components/alerts';
import { TextField } from '../components/FormField';

/** The enrolment's QR code (an image of the server's SVG, never markup) and the key to type. */
export function EnrolmentQrCode({ enrolment }: { enrolment: TwoFactorSetup }) {
  return (
    <div className="assent-two-factor-enrol">
      <p>{TWO_FACTOR_COPY.scan}</p>
      <img src={enrolment.qrCode} alt={TWO_FACTOR_COPY.qrAlt} width={180} height={180} />
      <p className="assent-muted">
        {TWO_FACTOR_COPY.secretLabel}{' '}
        <code data-testid="two-factor-secret">{enrolment.secret}</code>
      </p>
    </div>
  );
}

/** The recovery codes, shown once (when turned on, or regenerated), with what they are for. */
export function RecoveryCodesList({
  codes,
  title = TWO_FACTOR_COPY.recoveryTitle,
  children,
}: {
  codes: readonly string[];
  title?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="assent-recovery-heading" className="assent-recovery-codes">
      <H3 id="assent-recovery-heading">{title}</H3>
      <p>{TWO_FACTOR_COPY.recoveryText}</p>
      <ul aria-label={title}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The server's message for the `code` field (a wrong or malformed code), else undefined. */
const codeFieldError = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.body.fields?.code : undefined;

/**
 * One code field and its button: the code's form is checked with core's rule before it is sent;
 * the server's refusal shows on the field (a wrong code) or above the button (anything else).
 */
export function CodeForm({
  label,
  submitText,
  intent = 'primary',
  pending,
  error,
  disabled = false,
  onSubmit,
  extra,
}: {
  /** Names the form for assistive technology. */
  label: string;
  submitText: string;
  intent?: 'primary' | 'danger';
  pending: boolean;
  /** The last refusal of the call the form makes. */
  error: unknown;
  disabled?: boolean;
  onSubmit: (code: string) => void;
  /** Buttons after the submit button (Cancel). */
  extra?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const serverField = codeFieldError(error);
  const other = error && !serverField ? errorMessage(error) : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = validateTwoFactorCode({ code });
    if (!typed.ok) {
      setIssue(typed.issues[0]?.message);
      return;
    }
    setIssue(undefined);
    onSubmit(typed.value.code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="assent-two-factor-code">
      <TextField
        label={AUTH_LABELS.twoFactorCode}
        autoComplete="one-time-code"
        value={code}
        disabled={disabled}
        error={issue ?? serverField}
        helperText={TWO_FACTOR_COPY.codeHelper}
        onChange={(next) => {
          setCode(next);
          if (issue) setIssue(undefined);
        }}
      />
      {other ? (
        <Callout intent="danger" compact role="alert">
          {other}
        </Callout>
      ) : null}
      <div className="assent-two-factor-actions">
        <Button
          type="submit"
          intent={intent}
          text={submitText}
          loading={pending}
          disabled={disabled}
        />
        {extra}
      </div>
    </form>
  );
}
