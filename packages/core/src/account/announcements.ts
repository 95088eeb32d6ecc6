import { z } from 'zod';
import { addUtcMonths } from '../format';
import type { Validation } from '../validation';
import { collect, invalid, isBlank, isValidUrl, issue, issuesFromZod } from '../validation';
import type { ConsoleStorage } from './storage';
import { readStoredTime, writeStoredTime } from './storage';

/**
 * Timed announcements shown in a modal (reports-and-account §3, §4): visible between start and
 * end unless dismissed within the expire period; dismissals are stored per id.
 */

export const AnnouncementExpireUnit = z.enum(['minutes', 'hours', 'days', 'weeks', 'months']);
export type AnnouncementExpireUnit = z.infer<typeof AnnouncementExpireUnit>;

export const AnnouncementModal = z.object({
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  content: z.string(),
  imageUrl: z.string().optional(),
  linkText: z.string().optional(),
  linkUrl: z.string().optional(),
});
export type AnnouncementModal = z.infer<typeof AnnouncementModal>;

export const Announcement = z
  .object({
    id: z.string().min(1),
    /** ISO instants. */
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    /** How long a dismissal hides the announcement, in `expireUnits`. */
    expire: z.number().int().nonnegative(),
    expireUnits: AnnouncementExpireUnit,
    modal: AnnouncementModal,
  })
  .refine((a) => Date.parse(a.start) <= Date.parse(a.end), {
    message: 'An announcement must start before it ends',
    path: ['end'],
  });
export type Announcement = z.infer<typeof Announcement>;

/** Dismissal times are stored under this prefix followed by the announcement id. */
export const ANNOUNCEMENT_DISMISSED_KEY_PREFIX = 'assent.announcement.dismissed.';

export const announcementDismissalKey = (id: string): string =>
  `${ANNOUNCEMENT_DISMISSED_KEY_PREFIX}${id}`;

const UNIT_MS: Record<Exclude<AnnouncementExpireUnit, 'months'>, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** When a dismissal made at `dismissedAt` stops hiding the announcement. */
export function dismissalExpiry(
  dismissedAt: Date,
  expire: number,
  unit: AnnouncementExpireUnit,
): Date {
  if (unit === 'months') return addUtcMonths(dismissedAt, expire);
  return new Date(dismissedAt.getTime() + expire * UNIT_MS[unit]);
}

/** Shown when now is within start and end and no dismissal within the expire period is stored. */
export function isAnnouncementVisible(
  announcement: Announcement,
  now: Date,
  storage: ConsoleStorage,
): boolean {
  const t = now.getTime();
  if (t < Date.parse(announcement.start) || t > Date.parse(announcement.end)) return false;
  const dismissedAt = readStoredTime(storage, announcementDismissalKey(announcement.id));
  if (!dismissedAt) return true;
  return now >= dismissalExpiry(dismissedAt, announcement.expire, announcement.expireUnits);
}

/** The announcements to show now, in the given order. */
export const visibleAnnouncements = (
  announcements: readonly Announcement[],
  now: Date,
  storage: ConsoleStorage,
): Announcement[] => announcements.filter((a) => isAnnouncementVisible(a, now, storage));

/** Dismissing stores the time under the announcement's key. */
export const dismissAnnouncement = (
  announcement: Pick<Announcement, 'id'>,
  now: Date,
  storage: ConsoleStorage,
): void => writeStoredTime(storage, announcementDismissalKey(announcement.id), now);

/**
 * Removes stale dismissals: those of announcements no longer listed or already ended, those whose
 * expire period is over, and unreadable ones. Returns the removed keys.
 */
export function pruneAnnouncementDismissals(
  announcements: readonly Announcement[],
  now: Date,
  storage: ConsoleStorage,
): string[] {
  const byId = new Map(announcements.map((a) => [a.id, a]));
  const removed: string[] = [];
  for (const key of storage.keys()) {
    if (!key.startsWith(ANNOUNCEMENT_DISMISSED_KEY_PREFIX)) continue;
    const announcement = byId.get(key.slice(ANNOUNCEMENT_DISMISSED_KEY_PREFIX.length));
    const dismissedAt = readStoredTime(storage, key);
    const stale =
      !announcement ||
      !dismissedAt ||
      now.getTime() > Date.parse(announcement.end) ||
      now >= dismissalExpiry(dismissedAt, announcement.expire, announcement.expireUnits);
    if (stale) {
      storage.removeItem(key);
      removed.push(key);
    }
  }
  return removed;
}

/** The modal's queue: the visible announcements and the one shown. */
export interface AnnouncementQueue {
  items: Announcement[];
  index: number;
}

export const announcementQueue = (items: readonly Announcement[]): AnnouncementQueue => ({
  items: [...items],
  index: 0,
});

/** The announcement on screen, or undefined when the queue is done. */
export const currentAnnouncement = (queue: AnnouncementQueue): Announcement | undefined =>
  queue.items[queue.index];

/** Ignoring (closing without dismissing) moves to the next announcement. */
export const nextAnnouncement = (queue: AnnouncementQueue): AnnouncementQueue => ({
  ...queue,
  index: Math.min(queue.index + 1, queue.items.length),
});

/** Our wording: an announcement's link and image must be web addresses (never `javascript:`). */
export const ANNOUNCEMENT_URL_INVALID = 'Use an http:// or https:// address';
export const ANNOUNCEMENT_TITLE_REQUIRED = 'An announcement needs a title';
export const ANNOUNCEMENT_CONTENT_REQUIRED = 'An announcement needs some text';

/**
 * The rule of an announcement an operator creates: the schema (start before end, a known expire
 * unit), a title and text, and web addresses only for its link and image (the console renders them
 * as a link and an image; its text is shown as plain text).
 */
export function validateAnnouncement(input: unknown): Validation<Announcement> {
  const parsed = Announcement.safeParse(input);
  if (!parsed.success) return invalid(issuesFromZod(parsed.error));
  const { modal } = parsed.data;
  const url = (field: 'imageUrl' | 'linkUrl') =>
    modal[field] !== undefined && !isValidUrl(modal[field])
      ? issue(`modal.${field}`, 'url', ANNOUNCEMENT_URL_INVALID)
      : undefined;
  return collect(parsed.data, [
    isBlank(modal.title) && issue('modal.title', 'required', ANNOUNCEMENT_TITLE_REQUIRED),
    isBlank(modal.content) && issue('modal.content', 'required', ANNOUNCEMENT_CONTENT_REQUIRED),
    url('imageUrl'),
    url('linkUrl'),
  ]);
}
