import { describe, expect, it } from 'vitest';
import { ACCOUNT_NOW, buildAnnouncement } from '../testing/account';
import {
  ANNOUNCEMENT_DISMISSED_KEY_PREFIX,
  Announcement,
  announcementDismissalKey,
  announcementQueue,
  currentAnnouncement,
  dismissAnnouncement,
  dismissalExpiry,
  isAnnouncementVisible,
  nextAnnouncement,
  pruneAnnouncementDismissals,
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
