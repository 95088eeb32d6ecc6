import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import type { FieldControlProps } from '../../components/FormField';

/**
 * Report dates are written YYYY-MM-DD and the calendar reads in English: date-fns' and
 * react-day-picker's built-in en-US serves, so no locale chunk is fetched (Blueprint's default
 * loader imports one by a path Vite does not bundle, and logs an error when it fails).
 */
const builtInLocale = () => Promise.resolve(undefined);

/** A calendar day the user picks (local midnight) as the UTC day of the same date. */
const utcDayOf = (date: Date) =>
  new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
/** A UTC day as the local midnight of the same date, for the calendar. */
const localDayOf = (day: Date) =>
  new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());

/**
 * The day of a DateInput change, or undefined when it is cleared or a disabled day: Blueprint
 * passes some typed days outside minDate/maxDate on, so core's rule is checked here as well.
 */
function acceptedDay(
  next: string | null,
  isDayDisabled: ((utcDay: Date) => boolean) | undefined,
): string | undefined {
  if (!next) return undefined;
  const day = next.slice(0, 10);
  return isDayDisabled?.(new Date(`${day}T00:00:00Z`)) ? undefined : day;
}

export interface UtcDayInputProps {
  /** 'YYYY-MM-DD' or undefined. */
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  /** Core's rule for a day that cannot be chosen (given the UTC midnight of the day). */
  isDayDisabled?: (utcDay: Date) => boolean;
  /** The first and last days offered (UTC midnights); typed dates outside them are refused. */
  minDay?: Date | undefined;
  maxDay?: Date | undefined;
  control?: FieldControlProps;
  placeholder?: string;
}

/**
 * Blueprint's DateInput for a whole UTC day written 'YYYY-MM-DD' (typed or picked): the console's
 * report dates are UTC days whatever the browser's time zone.
 */
export function UtcDayInput({
  value,
  onChange,
  isDayDisabled,
  minDay,
  maxDay,
  control,
  placeholder = 'YYYY-MM-DD',
}: UtcDayInputProps) {
  return (
    <DateInput
      value={value ?? null}
      dateFnsFormat="yyyy-MM-dd"
      dateFnsLocaleLoader={builtInLocale}
      placeholder={placeholder}
      canClearSelection
      {...(minDay ? { minDate: localDayOf(minDay) } : {})}
      {...(maxDay ? { maxDate: localDayOf(maxDay) } : {})}
      dayPickerProps={
        isDayDisabled ? { disabled: (d: Date) => isDayDisabled(utcDayOf(d)) } : undefined
      }
      inputProps={control ? { ...control, intent: control.intent } : undefined}
      onChange={(next) => onChange(acceptedDay(next, isDayDisabled))}
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
