import { describe, expect, it } from 'vitest';
import { appThemeValues, siteThemeValues } from '../testing/theme';
import { issuesToFields } from '../validation';
import { defaultPrivacyBody } from './default-texts';
import { COP_ACCEPT_TEXT_LOCKED, PREMIUM_TEXTS_ONLY } from './messages';
import { LanguageTexts } from './schema';
import { EXTENDED_BUTTON_TEXT_PCODE } from './texts';
import { validateTheme } from './validate';

const fieldsOf = (result: ReturnType<typeof validateTheme>) =>
  result.ok ? {} : issuesToFields(result.issues);

const BRACKETS = "Field should not contain '<' or '>' symbols.";
const UNSAFE =
  'This text contains content that could run as a script (such as tags, event handlers or script links). Please remove it and try again.';

describe('validateTheme', () => {
  it('accepts valid site and app themes', () => {
    expect(validateTheme(siteThemeValues())).toEqual({ ok: true, value: siteThemeValues() });
    expect(validateTheme(appThemeValues()).ok).toBe(true);
  });

  it('requires a theme name without angle brackets and at least one regulation', () => {
    expect(fieldsOf(validateTheme(siteThemeValues({ themeName: ' ', privacyModes: [] })))).toEqual({
      themeName: 'This field is required',
      privacyModes: 'Please select at least one regulation',
    });
    expect(fieldsOf(validateTheme(siteThemeValues({ themeName: '<b>News</b>' })))).toEqual({
      themeName: BRACKETS,
    });
  });

  it('returns every issue with its field, rule and message', () => {
    const result = validateTheme(
      siteThemeValues({ uxFontColor: 'red', uxLinkColor: '#fff', agreeButton: 'x'.repeat(25) }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => [i.field, i.rule])).toEqual([
      ['agreeButton', 'maxLength'],
      ['uxFontColor', 'hexColor'],
      ['uxLinkColor', 'sameColor'],
    ]);
  });

  it('limits button texts to 24, or 40 for the special account', () => {
    const long = siteThemeValues({
      agreeButton: 'a'.repeat(30),
      saveAndExitButton: 'b'.repeat(30),
    });
    expect(Object.keys(fieldsOf(validateTheme(long)))).toEqual([
      'agreeButton',
      'saveAndExitButton',
    ]);
    expect(validateTheme(long, { pCode: EXTENDED_BUTTON_TEXT_PCODE }).ok).toBe(true);
    expect(
      fieldsOf(
        validateTheme(siteThemeValues({ initScreenRejectButton: 'r'.repeat(25) }), {
          pCode: EXTENDED_BUTTON_TEXT_PCODE,
        }),
      ),
    ).toEqual({ initScreenRejectButton: 'Please use no more than 24 characters.' });
  });

  it('lets only the special account change the Consent or Pay accept text (§6)', () => {
    const cop = (agreeButton: string) =>
      siteThemeValues({
        consentOrPaySettings: [LanguageTexts.parse({ language: 'en', agreeButton })],
      });
    const plain = { premiumEligible: true, pCode: 'abc123' };
    expect(fieldsOf(validateTheme(cop('Accept'), plain))).toEqual({
      'consentOrPaySettings.0.agreeButton': COP_ACCEPT_TEXT_LOCKED,
    });
    expect(validateTheme(cop(''), plain).ok).toBe(true);
    expect(
      validateTheme(cop('Accept'), { premiumEligible: true, pCode: EXTENDED_BUTTON_TEXT_PCODE }).ok,
    ).toBe(true);
    // A text saved before stays as it is (an account that stops being special keeps it).
    expect(validateTheme(cop('Accept'), { ...plain, saved: cop('Accept') }).ok).toBe(true);
    expect(fieldsOf(validateTheme(cop('Other'), { ...plain, saved: cop('Accept') }))).toEqual({
      'consentOrPaySettings.0.agreeButton': COP_ACCEPT_TEXT_LOCKED,
    });
    // Advanced Customisation's primary button stays editable for every premium account.
    const advanced = siteThemeValues({
      advancedCustomizationSettings: [LanguageTexts.parse({ language: 'en', agreeButton: 'OK' })],
    });
    expect(validateTheme(advanced, plain).ok).toBe(true);
  });

  it('checks the site colours, the CSS and the persistent link label', () => {
    expect(
      fieldsOf(
        validateTheme(
          siteThemeValues({
            uxBackgroundColor: '#000000',
            uxFontColor: '#000',
            uxCustomizedCss: '@import "x.css";',
            consentLinkLabel: 'Privacy >',
          }),
        ),
      ),
    ).toEqual({
      uxFontColor:
        "Oops, you've selected the same background and text color. Please change one of the fields' color in order to proceed.",
      uxCustomizedCss: 'CSS contains prohibited characters that could lead to an XSS attack',
      consentLinkLabel: BRACKETS,
    });
  });

  it('allows 2 footer links on sites and 3 on apps', () => {
    const link = { text: 'Imprint', url: 'https://a.example/imprint' };
    expect(
      fieldsOf(validateTheme(siteThemeValues({ uxInitialScreenCustomLinks: [link, link, link] }))),
    ).toEqual({
      uxInitialScreenCustomLinks: 'You can add up to 2 footer links.',
    });
    expect(
      validateTheme(appThemeValues({ uxInitialScreenCustomLinks: [link, link, link] })).ok,
    ).toBe(true);
  });

  it('checks the app mode colours', () => {
    const app = appThemeValues();
    expect(
      fieldsOf(
        validateTheme({
          ...app,
          darkModeColors: { ...app.darkModeColors, dividerColor: '#12345' },
        }),
      ),
    ).toEqual({ 'darkModeColors.dividerColor': 'Hex value not valid' });
  });

  it('skips the GDPR cards when only USP is on', () => {
    expect(validateTheme(siteThemeValues({ privacyModes: ['USP'], uxFontColor: 'red' })).ok).toBe(
      true,
    );
  });

  it('checks the US texts: headline, XSS in the do-not-sell text, link pairs unless suppressed', () => {
    const us = siteThemeValues({
      privacyModes: ['USP'],
      uspDnsTitleText: 'Do <not> sell',
      uspDnsText: '<p onclick="x()">Opt out</p>',
      uspDeleteDataLinkText: 'Delete my data',
      uspAccessDataLink: 'not a url',
    });
    expect(fieldsOf(validateTheme(us))).toEqual({
      uspDnsTitleText: BRACKETS,
      uspDnsText: UNSAFE,
      uspDeleteDataLink: 'Link URL is not valid',
      uspAccessDataLinkText: 'Link text is required',
      uspAccessDataLink: 'Link URL is not valid',
    });
    expect(Object.keys(fieldsOf(validateTheme({ ...us, suppressCcpaLinks: true })))).toEqual([
      'uspDnsTitleText',
      'uspDnsText',
    ]);
  });

  describe('Advanced Customisation and Consent or Pay (premium, GDPR)', () => {
    const entry = (texts: Partial<LanguageTexts>) =>
      LanguageTexts.parse({ language: 'en', ...texts });

    it('are checked for premium-eligible accounts, with GDPR on or off', () => {
      const t = siteThemeValues({
        advancedCustomizationSettings: [entry({ disagreeButton: 'x'.repeat(30) })],
      });
      const tooLong = {
        'advancedCustomizationSettings.0.disagreeButton': 'Please use no more than 24 characters.',
      };
      expect(fieldsOf(validateTheme(t, { premiumEligible: true }))).toEqual(tooLong);
      // GDPR off hides the tabs but keeps their texts: they cannot slip in unchecked.
      const usOnly = { ...t, privacyModes: ['USP' as const] };
      expect(fieldsOf(validateTheme(usOnly, { premiumEligible: true }))).toEqual(tooLong);
    });

    it('stay as saved for other accounts (none on a new theme)', () => {
      const advanced = [entry({ privacyHeader: 'Hello' })];
      const cop = [entry({ action1Label: 'Subscribe' })];
      const t = siteThemeValues({ advancedCustomizationSettings: advanced });
      expect(fieldsOf(validateTheme(t))).toEqual({
        advancedCustomizationSettings: PREMIUM_TEXTS_ONLY,
      });
      expect(
        fieldsOf(
          validateTheme(siteThemeValues({ consentOrPaySettings: cop }), { premiumEligible: false }),
        ),
      ).toEqual({ consentOrPaySettings: PREMIUM_TEXTS_ONLY });
      // Saved while the account was premium: kept as they are, not changed.
      const saved = siteThemeValues({ advancedCustomizationSettings: advanced });
      expect(validateTheme({ ...t, themeName: 'Renamed' }, { saved }).ok).toBe(true);
      expect(
        fieldsOf(
          validateTheme(
            siteThemeValues({ advancedCustomizationSettings: [entry({ privacyHeader: 'Hi' })] }),
            { saved },
          ),
        ),
      ).toEqual({ advancedCustomizationSettings: PREMIUM_TEXTS_ONLY });
      expect(fieldsOf(validateTheme(siteThemeValues(), { saved }))).toEqual({
        advancedCustomizationSettings: PREMIUM_TEXTS_ONLY,
      });
    });

    it('limit the CoP privacy header to 24 and keep the fixed body segments', () => {
      const t = siteThemeValues({
        consentOrPaySettings: [
          entry({
            privacyHeader: 'h'.repeat(25),
            privacyBody: `Welcome. ${defaultPrivacyBody('en', 'site')}`,
          }),
          entry({ language: 'de', privacyBody: 'Alles neu.' }),
        ],
      });
      expect(fieldsOf(validateTheme(t, { premiumEligible: true }))).toEqual({
        'consentOrPaySettings.0.privacyHeader': 'Please use no more than 24 characters.',
        'consentOrPaySettings.1.privacyBody':
          'The highlighted sections in double angle brackets cannot be changed or removed. To change them, submit a text change request.',
      });
    });

    it('accept a body that keeps the segments of the saved text (an approved change)', () => {
      const approved = '<<A.>> <<B.>> <<C.>> <<D.>>';
      const saved = appThemeValues({
        advancedCustomizationSettings: [entry({ privacyBody: approved })],
      });
      const edited = appThemeValues({
        advancedCustomizationSettings: [entry({ privacyBody: `${approved} More.` })],
      });
      expect(validateTheme(edited, { premiumEligible: true, saved }).ok).toBe(true);
      expect(validateTheme(edited, { premiumEligible: true }).ok).toBe(false);
    });

    it('check footer links and angle brackets in labels', () => {
      const t = siteThemeValues({
        consentOrPaySettings: [
          entry({ action1Label: 'Sub<scribe', customFooterLink: [{ label: 'Terms', link: '' }] }),
        ],
      });
      expect(fieldsOf(validateTheme(t, { premiumEligible: true }))).toEqual({
        'consentOrPaySettings.0.action1Label': BRACKETS,
        'consentOrPaySettings.0.customFooterLink.0.link': 'Link URL is not valid',
      });
    });
  });
});
