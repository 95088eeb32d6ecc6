import { describe, expect, it } from 'vitest';
import { createMemoryConsoleStorage } from '../account/storage';
import { PropertyAnalytics } from '../reports/property-analytics';
import {
  dismissUniversalTagWarning,
  propertyAwaitingTag,
  recordPropertyAdded,
  universalTagWarningKey,
  universalTagWarningState,
} from './universal-tag-warning';

describe('universal-tag warning', () => {
  it('remembers the site just added, per account code, until dismissed', () => {
    const storage = createMemoryConsoleStorage();
    expect(propertyAwaitingTag('AB12', storage)).toBeUndefined();
    recordPropertyAdded('AB12', 'uuid-1', storage);
    recordPropertyAdded('AB12', 'uuid-2', storage);
    expect(storage.keys()).toEqual([universalTagWarningKey('AB12')]);
    expect(universalTagWarningKey('AB12')).toBe('assent.universalTagWarning.AB12');
    expect(propertyAwaitingTag('AB12', storage)).toBe('uuid-2');
    expect(propertyAwaitingTag('CD34', storage)).toBeUndefined();
    dismissUniversalTagWarning('AB12', storage);
    expect(propertyAwaitingTag('AB12', storage)).toBeUndefined();
  });

  it('waits until a banner was shown under any regulation or a GBC-only page view came, then turns green', () => {
    expect(universalTagWarningState(undefined)).toBe('waiting');
    expect(universalTagWarningState({})).toBe('waiting');
    expect(universalTagWarningState(PropertyAnalytics.parse({ '1': { totalShown: 0 } }))).toBe(
      'waiting',
    );
    expect(universalTagWarningState(PropertyAnalytics.parse({ '2': { totalShown: 3 } }))).toBe(
      'detected',
    );
    // Google basic consent only shows no banner: its page views (key 10) are the tag at work.
    expect(universalTagWarningState(PropertyAnalytics.parse({ '10': { totalShown: 0 } }))).toBe(
      'detected',
    );
    expect(
      universalTagWarningState(
        PropertyAnalytics.parse({
          '3': [
            { state: null, totalShown: null },
            { state: 'ca', totalShown: 1 },
          ],
        }),
      ),
    ).toBe('detected');
  });
});
