import { describe, expect, it } from 'vitest';
import * as m from './messages';

/** Every message the spec quotes for the property area, verbatim (properties-and-tags §2, §4, §5, §8). */
describe('property messages', () => {
  it.each([
    [m.SITE_URL_INVALID, 'URL field is not valid.'],
    [m.DUPLICATE_PROPERTY, 'Oops, this URL already exists. Please update your Site URL.'],
    [m.PACKAGE_ID_INVALID, 'Please enter a valid package ID'],
    [m.REGULATION_REQUIRED, 'Please select at least one regulation'],
    [
      m.AMP_VERSION_UNSUPPORTED,
      'This version does not support AMP, please select v20 or newer to enable it',
    ],
    [
      m.AMP_CONSENT_SCOPE_INVALID,
      "Invalid consent scope for AMP sites. Please use 'Your site only'",
    ],
    [m.REPROMPT_DAYS_MINIMUM, 'The minimum is 6 days'],
    [m.PRIVACY_POLICY_REQUIRED, 'Privacy policy is required'],
    [m.GBC_PURPOSE_REQUIRED, 'Please select at least one purpose'],
    [m.PENDING_UPDATES, 'The property has pending updates and therefore changes cannot be saved.'],
    [m.NOT_ABLE_TO_DELETE, 'Not able to delete'],
    [m.APP_CREATE_ERROR, 'There was an error creating your app'],
    [m.UNEXPECTED_ERROR, 'There was an unexpected error, please try again later'],
    [m.REPORT_ERROR_TITLE, 'Something went wrong'],
    [
      m.REPORT_ERROR_TEXT,
      'This was an error in pulling data for this page. Please try again or contact your representative.',
    ],
    [
      m.UNIVERSAL_TAG_WARNING,
      'Congrats on adding your property! Next, retrieve the Universal Tag.',
    ],
    [m.UNIVERSAL_TAG_WARNING_NOTE, 'The alert may take up to 24 hours to turn green.'],
    [m.DOCUMENTATION_ALERT, 'Help Us Improve Our Documentation!'],
    [m.PROPERTY_NAMES_COPIED, 'The properties names were copied!'],
    [m.TAG_COPIED, 'The tag has been copied'],
    [m.PROPERTIES_TITLE, 'Properties protected by CMP'],
    [m.BACK_TO_ALL_PROPERTIES, 'Back to all properties'],
    [m.SITE_SAVE_ERROR, 'There was an error saving your site'],
    [m.SITE_REPORT_PERIOD, 'Report period: Last 30 days'],
    [m.PREMIUM_BANNER, 'CMP Premium coming soon'],
    [m.PREMIUM_BANNER_BUTTON, 'Unlock Premium for FREE'],
    [m.TAKE_SURVEY, 'TAKE QUICK SURVEY'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));

  it('words the delete confirmation per property kind', () => {
    expect(m.deletePropertyConfirmation('site')).toBe(
      'Are you sure you want to delete this site? This is irreversible.',
    );
    expect(m.deletePropertyConfirmation('app')).toBe(
      'Are you sure you want to delete this app? This is irreversible.',
    );
    expect(m.propertyDeleted('news.example.com')).toBe('news.example.com was deleted.');
  });
});
