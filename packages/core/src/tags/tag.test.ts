import { describe, expect, it } from 'vitest';
import { DISPLAY_PERSISTENT_LINK, TAG_TITLES, TCF_TAG_TAB, TagType } from './tag';

/** The tag dialog's texts (properties-and-tags §2), verbatim. */
describe('tag dialog texts', () => {
  it('titles the dialog per tag type', () => {
    expect(TagType.options).toEqual(['universal', 'site', 'amp']);
    expect(TAG_TITLES).toEqual({
      universal: 'Your Universal Tag',
      site: 'Your Site Tag',
      amp: 'Your Choice AMP Tag',
    });
  });

  it('names the premium tab and the AMP persistent-link checkbox', () => {
    expect(TCF_TAG_TAB).toBe('TCF 2.0 Tag');
    expect(DISPLAY_PERSISTENT_LINK).toBe('Display persistent consent link');
  });
});
