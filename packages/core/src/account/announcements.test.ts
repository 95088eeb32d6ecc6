import { describe, expect, it } from 'vitest';
import { ACCOUNT_NOW, buildAnnouncement } from '../testing/account';
import {
  ANNOUNCEMENT_CONTENT_REQUIRED,
  ANNOUNCEMENT_DISMISSED_KEY_PREFIX,
  ANNOUNCEMENT_TITLE_REQUIRED,
  ANNOUNCEMENT_URL_INVALID,
  Announcement,
  announcementDismissalKey,
  announcementQueue,
  currentAnnouncement,
  dismissAnnouncement,
  dismissalExpiry,
  isAnnouncementVisible,
  nextAnnouncement,
  pruneAnnouncementDismissals,
  validateAnnouncement,
  visibleAnnouncements,
} from './announcements';
import { createMemoryConsoleStorage } from './storage';

const at = (iso: string) => new Date(iso);

describe('announcement visibility', () => {
  it('shows only between start and end', () => {
    const storage = createMemoryConsoleStorage();
    const a = buildAnnouncement();
    expect(isAnnouncementVisible(a, ACCOUNT_NOW, storage)).toBe(true);
    expect(isAnnouncementVisible(a, at('2024-02-29T23:59:59Z'), storage)).toBe(false);
    expect(isAnnouncementVisible(a, at('2024-04-01T00:00:00Z'), storage)).toBe(false);
  });

  it('hides a dismissed announcement until its expire period is over', () => {
    const storage = createMemoryConsoleStorage();
    const a = buildAnnouncement();
    dismissAnnouncement(a, ACCOUNT_NOW, storage);
    expect(storage.getItem(`${ANNOUNCEMENT_DISMISSED_KEY_PREFIX}spring-release`)).toBe(
      String(ACCOUNT_NOW.getTime()),
    );
    expect(isAnnouncementVisible(a, at('2024-03-22T11:59:59Z'), storage)).toBe(false);
    expect(isAnnouncementVisible(a, at('2024-03-22T12:00:00Z'), storage)).toBe(true);
  });

  it('keeps the order of visible announcements', () => {
    const storage = createMemoryConsoleStorage();
    const list = [buildAnnouncement({ id: 'a' }), buildAnnouncement({ id: 'b' })];
    dismissAnnouncement({ id: 'a' }, ACCOUNT_NOW, storage);
    expect(visibleAnnouncements(list, ACCOUNT_NOW, storage).map((x) => x.id)).toEqual(['b']);
  });

  it('computes expiry in every unit', () => {
    const t = at('2024-01-31T00:00:00Z');
    expect(dismissalExpiry(t, 30, 'minutes').toISOString()).toBe('2024-01-31T00:30:00.000Z');
    expect(dismissalExpiry(t, 2, 'hours').toISOString()).toBe('2024-01-31T02:00:00.000Z');
    expect(dismissalExpiry(t, 1, 'weeks').toISOString()).toBe('2024-02-07T00:00:00.000Z');
    expect(dismissalExpiry(t, 1, 'months').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses an announcement that ends before it starts', () => {
    expect(
      Announcement.safeParse(
        buildAnnouncement({ start: '2024-04-01T00:00:00Z', end: '2024-03-01T00:00:00Z' }),
      ).success,
    ).toBe(false);
  });
});

describe('pruneAnnouncementDismissals', () => {
  it('removes stale entries and keeps live dismissals and other keys', () => {
    const storage = createMemoryConsoleStorage({
      [announcementDismissalKey('spring-release')]: String(at('2024-03-14T00:00:00Z').getTime()),
      [announcementDismissalKey('gone')]: String(at('2024-03-14T00:00:00Z').getTime()),
      [announcementDismissalKey('old')]: String(at('2024-03-01T00:00:00Z').getTime()),
      [announcementDismissalKey('garbled')]: 'not-a-time',
      'assent.other': 'kept',
    });
    const list = [
      buildAnnouncement(),
      buildAnnouncement({ id: 'old' }),
      buildAnnouncement({ id: 'garbled' }),
    ];
    const removed = pruneAnnouncementDismissals(list, ACCOUNT_NOW, storage);
    expect(removed.sort()).toEqual(
      [
        announcementDismissalKey('garbled'),
        announcementDismissalKey('gone'),
        announcementDismissalKey('old'),
      ].sort(),
    );
    expect(storage.keys().sort()).toEqual([
      'assent.announcement.dismissed.spring-release',
      'assent.other',
    ]);
  });
});

describe('announcement queue', () => {
  it('moves to the next announcement when one is ignored', () => {
    let queue = announcementQueue([buildAnnouncement({ id: 'a' }), buildAnnouncement({ id: 'b' })]);
    expect(currentAnnouncement(queue)?.id).toBe('a');
    queue = nextAnnouncement(queue);
    expect(currentAnnouncement(queue)?.id).toBe('b');
    queue = nextAnnouncement(nextAnnouncement(queue));
    expect(currentAnnouncement(queue)).toBeUndefined();
  });
});

describe('validateAnnouncement (operators create announcements)', () => {
  it('accepts a complete announcement', () => {
    const announcement = buildAnnouncement({
      modal: { title: 'T', content: 'C', linkText: 'Read', linkUrl: 'https://example.com/new' },
    });
    expect(validateAnnouncement(announcement)).toEqual({ ok: true, value: announcement });
  });

  it('names each broken field: blank title and text, a javascript: link, an end before the start', () => {
    const result = validateAnnouncement(
      buildAnnouncement({
        modal: { title: ' ', content: '', linkUrl: 'javascript:alert(1)', imageUrl: 'logo.png' },
      }),
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'modal.title', rule: 'required', message: ANNOUNCEMENT_TITLE_REQUIRED },
        { field: 'modal.content', rule: 'required', message: ANNOUNCEMENT_CONTENT_REQUIRED },
        { field: 'modal.imageUrl', rule: 'url', message: ANNOUNCEMENT_URL_INVALID },
        { field: 'modal.linkUrl', rule: 'url', message: ANNOUNCEMENT_URL_INVALID },
      ],
    });
    const backwards = validateAnnouncement(
      buildAnnouncement({ start: '2024-03-02T00:00:00.000Z', end: '2024-03-01T00:00:00.000Z' }),
    );
    expect(backwards).toMatchObject({
      ok: false,
      issues: [{ field: 'end', message: 'An announcement must start before it ends' }],
    });
  });
});
