import { UTCDate } from '@date-fns/utc';
import { parseScheduleTime } from '@assent/core/reports';
import type { ScheduleInfo } from '@assent/core/reports';
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  parseISO,
} from 'date-fns';

/**
 * When a scheduled report runs (reports-and-account §5): from its start date to its end date, at
 * its time (UTC). Daily runs every day; weekly on the start date's weekday; monthly on the start
 * date's day of the month, or the month's last day when it is shorter (31 January, 29 February…).
 * Every instant here is UTC (UTCDate), whatever the server's time zone.
 */

const day = (value: string) => new UTCDate(parseISO(`${value}T00:00:00Z`).getTime());

/** The n-th run (n ≥ 0) of a schedule, whether or not it is still inside its date range. */
export function occurrence(schedule: ScheduleInfo, n: number): Date {
  const time = parseScheduleTime(schedule.time);
  if (!time) throw new Error(`Invalid schedule time: ${schedule.time}`);
  const start = day(schedule.startDate);
  const date =
    schedule.frequency === 'daily'
      ? addDays(start, n)
      : schedule.frequency === 'weekly'
        ? addWeeks(start, n)
        : addMonths(start, n);
  date.setUTCHours(time.hours, time.minutes, 0, 0);
  return new Date(date.getTime());
}

/** Whether a run falls on or before the schedule's end date. */
const withinEnd = (schedule: ScheduleInfo, at: Date) =>
  at.getTime() < addDays(day(schedule.endDate), 1).getTime();

/** The index of the first run at or after `at` (never negative). */
function firstIndexFrom(schedule: ScheduleInfo, at: Date): number {
  const start = day(schedule.startDate);
  const target = new UTCDate(at.getTime());
  const estimate =
    schedule.frequency === 'daily'
      ? differenceInCalendarDays(target, start)
      : schedule.frequency === 'weekly'
        ? Math.floor(differenceInCalendarDays(target, start) / 7)
        : differenceInCalendarMonths(target, start);
  let n = Math.max(0, estimate - 1);
  while (occurrence(schedule, n).getTime() < at.getTime()) n += 1;
  return n;
}

/** The first run at or after `at`, or null when the schedule has ended by then. */
export function nextOccurrence(schedule: ScheduleInfo, at: Date): Date | null {
  const next = occurrence(schedule, firstIndexFrom(schedule, at));
  return withinEnd(schedule, next) ? next : null;
}

/**
 * The runs due in [from, now], oldest first: at most `limit` of them, the latest ones (a server
 * that was down for long catches up on its recent periods, not on months of them).
 */
export function dueOccurrences(
  schedule: ScheduleInfo,
  from: Date,
  now: Date,
  limit: number,
): Date[] {
  const due: Date[] = [];
  for (let n = firstIndexFrom(schedule, from); ; n += 1) {
    const at = occurrence(schedule, n);
    if (at.getTime() > now.getTime() || !withinEnd(schedule, at)) break;
    due.push(at);
    if (due.length > limit) due.shift();
  }
  return due;
}
