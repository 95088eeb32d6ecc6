/**
 * Display formatting shared by the reports, the properties list and the CLI (reports-and-account §9,
 * properties-and-tags §9). Pure and locale-free: every face shows the same text.
 */

/** Shown wherever a metric is null or missing. */
export const NOT_AVAILABLE = 'N/A';

/** Percent decimals on dashboard cards, charts and the country table. */
export const PERCENT_DECIMALS = 1;
/** Percent decimals in custom report tables. */
export const CUSTOM_REPORT_PERCENT_DECIMALS = 2;
/** Percent decimals on the app consent report (properties-and-tags §3). */
export const APP_REPORT_PERCENT_DECIMALS = 2;

/** Ascending, so the smallest unit that keeps the rounded value under 1,000 wins. */
const NUMBER_UNITS = [
  { suffix: 'K', size: 1e3 },
  { suffix: 'M', size: 1e6 },
  { suffix: 'B', size: 1e9 },
  { suffix: 'T', size: 1e12 },
] as const;

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

/**
 * Abbreviates a count with K, M, B or T and one decimal (1,234 → '1.2K', 2,500,000 → '2.5M').
 * Values under 1,000 keep at most one decimal. Null shows 'N/A'.
 */
export function formatCompactNumber(value: number | null | undefined): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const plain = Number(abs.toFixed(1));
  if (plain < 1000) return `${sign}${Number.isInteger(plain) ? plain : plain.toFixed(1)}`;
  for (const unit of NUMBER_UNITS) {
    // Round before choosing, so 999,960 reads '1.0M' and not '1000.0K'.
    const rounded = Number((abs / unit.size).toFixed(1));
    if (rounded < 1000 || unit.suffix === 'T') return `${sign}${rounded.toFixed(1)}${unit.suffix}`;
  }
  return `${sign}${plain}`;
}

/**
 * A percentage with a fixed number of decimals (12.345 → '12.3%'). Null shows 'N/A'.
 * @default decimals PERCENT_DECIMALS (1)
 */
export function formatPercent(
  value: number | null | undefined,
  decimals: number = PERCENT_DECIMALS,
): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  return `${value.toFixed(decimals)}%`;
}

/** A metric value for a table cell: 'N/A' when null, otherwise the number as given. */
export const formatMetricValue = (value: number | null | undefined): string =>
  isMissing(value) ? NOT_AVAILABLE : String(value);

export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in Bytes, KB, MB, GB or TB (base 1024), with up to `decimals` decimals and trailing zeros
 * dropped (1536 → '1.5 KB'). Sizes beyond TB stay in TB.
 * @default decimals 2
 */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (isMissing(bytes)) return NOT_AVAILABLE;
  if (bytes === 0) return '0 Bytes';
  const abs = Math.abs(bytes);
  const exponent = Math.min(
    BYTE_UNITS.length - 1,
    Math.max(0, Math.floor(Math.log(abs) / Math.log(1024))),
  );
  const value = Number((bytes / 1024 ** exponent).toFixed(decimals));
  return `${value} ${BYTE_UNITS[exponent]}`;
}

// ---------------------------------------------------------------------------------------------
// UTC calendar days. Reports work on whole UTC days written 'YYYY-MM-DD'.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Midnight UTC of the day the instant falls on. */
export const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The UTC day of an instant as 'YYYY-MM-DD'. */
export const formatUtcDay = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isUtcDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatUtcDay(date) === value;
}

/** Midnight UTC of a 'YYYY-MM-DD' day; throws on anything else. */
export function parseUtcDay(value: string): Date {
  if (!isUtcDay(value)) throw new Error(`Not a calendar day (YYYY-MM-DD): "${value}"`);
  return new Date(`${value}T00:00:00.000Z`);
}

export const addUtcDays = (date: Date, days: number): Date =>
  new Date(date.getTime() + days * DAY_MS);

/** Adds calendar months in UTC; the day is clamped to the target month (31 Mar - 1 month = 29 Feb). */
export function addUtcMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours()),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return target;
}

/** Whole UTC days from `start` to `end` (the span: the same day is 0, a full week is 6). */
export const utcDaySpan = (start: Date, end: Date): number =>
  Math.round((startOfUtcDay(end).getTime() - startOfUtcDay(start).getTime()) / DAY_MS);

/** '15 Mar 2024': the day as shown in report lists and pickers. */
export const formatUtcDate = (date: Date): string =>
  `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** '15 Mar 2024, 09:05 UTC': an instant as shown for start times and last updates. */
export const formatUtcDateTime = (date: Date): string =>
  `${formatUtcDate(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;

/** An ISO instant from the API as formatUtcDateTime writes it; '-' when there is none. */
export const formatInstant = (iso: string | null | undefined): string =>
  iso ? formatUtcDateTime(new Date(iso)) : '-';
