import { sanitizeRichTextHtml } from '../banner/compile/sanitize-html';
import { REGULATION_REQUIRED } from '../property/messages';
import type { Issue, Validation } from '../validation';
import { collect, issue, noAngleBrackets, required } from '../validation';
import { AppColorKey, LanguageTexts } from './schema';
import type { AppThemeValues, SiteThemeValues, ThemeValues } from './schema';
import { themeRegulations } from './schema';
import { validateHexColor, validateThemeColors } from './colors';
import { validateCustomCss } from './css';
import type { ConsentTextVariant } from './default-texts';
import { defaultPrivacyBody } from './default-texts';
import { validateFooterLinks, validateLinkPair } from './footer-links';
import { COP_ACCEPT_TEXT_LOCKED, PREMIUM_TEXTS_ONLY } from './messages';
import { oneLineIssues } from '../text';

const LINK_FIELDS = ['text', 'url', 'label', 'link'];
import {
  COP_PRIVACY_HEADER_MAX,
  DISAGREE_TEXT_MAX,
  buttonTextMax,
  copAcceptTextEditable,
  safeText,
  validatePrivacyBody,
  validateShortText,
} from './texts';
import {
  LANGUAGE_ONE_LINE_FIELDS,
  LANGUAGE_TEXT_LIMITS,
  LINK_TEXT_LIMITS,
  LIST_LIMITS,
  THEME_LIST_LIMITS,
  THEME_ONE_LINE_FIELDS,
  THEME_STACK_LIST_LIMITS,
  THEME_TEXT_LIMITS,
  TEXT_LIMITS,
  listLimitIssues,
  listLimitsIssues,
  textLimitIssues,
} from '../limits';

export interface ThemeValidationContext {
  /** The account's property code: one special code allows 40-character button texts. */
  pCode?: string;
  /**
   * Whether Advanced Customisation and Consent or Pay are available (premium-eligible): their texts
   * are checked; without it they must stay as saved (none on a new theme). @default false
   */
  premiumEligible?: boolean;
  /**
   * The theme as last saved. A privacy body must keep the fixed segments of the saved body of the
   * same language (an approved text change may have replaced them), else of the default text.
   */
  saved?: ThemeValues;
}

const LANGUAGE_LISTS = ['advancedCustomizationSettings', 'consentOrPaySettings'] as const;
type LanguageList = (typeof LANGUAGE_LISTS)[number];

/** Entries compared in schema order (stored JSON may order their keys differently). */
const entriesKey = (entries: readonly LanguageTexts[]): string =>
  JSON.stringify(entries.map((entry) => LanguageTexts.parse(entry)));

/** Without premium eligibility the premium texts cannot change: they stay as saved. */
function premiumTextsUnchanged(t: ThemeValues, saved: ThemeValues | undefined): Issue[] {
  return LANGUAGE_LISTS.filter(
    (list) => entriesKey(t[list]) !== entriesKey(saved?.[list] ?? []),
  ).map((list) => issue(list, 'premium', PREMIUM_TEXTS_ONLY));
}

function referenceBody(
  list: LanguageList,
  entry: LanguageTexts,
  variant: ConsentTextVariant,
  saved: ThemeValues | undefined,
): string {
  const before = saved?.[list].find((e) => e.language === entry.language)?.privacyBody;
  return before?.trim() ? before : defaultPrivacyBody(entry.language, variant);
}

/** One language entry of Advanced Customisation or Consent or Pay. */
function validateLanguageEntries(
  t: ThemeValues,
  list: LanguageList,
  ctx: ThemeValidationContext,
): Issue[] {
  const variant: ConsentTextVariant = t.themeType === 'SITE' ? 'site' : 'app';
  const buttonMax = buttonTextMax(ctx.pCode);
  return t[list].flatMap((entry, i) => {
    const at = (field: string) => `${list}.${i}.${field}`;
    const texts =
      list === 'advancedCustomizationSettings'
        ? [
            validateShortText(at('agreeButton'), entry.agreeButton, buttonMax),
            validateShortText(at('secondaryButton'), entry.secondaryButton, buttonMax),
            validateShortText(at('disagreeButton'), entry.disagreeButton, DISAGREE_TEXT_MAX),
            validateShortText(at('privacyHeader'), entry.privacyHeader),
          ]
        : [
            validateShortText(at('agreeButton'), entry.agreeButton, buttonMax),
            copAcceptTextEditable(ctx.pCode) ||
            entry.agreeButton ===
              (ctx.saved?.[list].find((e) => e.language === entry.language)?.agreeButton ?? '')
              ? []
              : [issue(at('agreeButton'), 'specialAccountOnly', COP_ACCEPT_TEXT_LOCKED)],
            validateShortText(at('viewPreferencesLabel'), entry.viewPreferencesLabel),
            validateShortText(at('action1Label'), entry.action1Label),
            validateShortText(at('action2Label'), entry.action2Label),
            validateShortText(at('privacyHeader'), entry.privacyHeader, COP_PRIVACY_HEADER_MAX),
          ];
    return [
      ...texts.flat(),
      ...validatePrivacyBody(
        at('privacyBody'),
        entry.privacyBody,
        referenceBody(list, entry, variant, ctx.saved),
      ),
      ...validateFooterLinks(
        entry.customFooterLink.map((l) => ({ text: l.label, url: l.link })),
        'languageEntry',
        at('customFooterLink'),
        { text: 'label', url: 'link' },
      ),
    ];
  });
}

function validateUsTexts(t: ThemeValues): Issue[] {
  const issues: Issue[] = [
    ...validateShortText('uspDnsTitleText', t.uspDnsTitleText),
    safeText('uspDnsText', t.uspDnsText),
  ].filter((i): i is Issue => Boolean(i));
  if (t.suppressCcpaLinks) return issues;
  const pairs = [
    ['uspDeleteDataLinkText', 'uspDeleteDataLink'],
    ['uspAccessDataLinkText', 'uspAccessDataLink'],
    ['uspPrivacyPolicyLinkText', 'uspPrivacyPolicyLink'],
  ] as const;
  for (const [text, url] of pairs) {
    issues.push(...validateLinkPair({ text: t[text], url: t[url] }, { text, url }));
  }
  return issues;
}

function validateSiteUi(t: SiteThemeValues): Issue[] {
  return [
    ...validateThemeColors(t),
    ...validateCustomCss(t.uxCustomizedCss, t),
    ...validateShortText('consentLinkLabel', t.consentLinkLabel),
    ...validateFooterLinks(t.uxInitialScreenCustomLinks, 'site', 'uxInitialScreenCustomLinks'),
  ];
}

function validateAppUi(t: AppThemeValues): Issue[] {
  const modes = ['lightModeColors', 'darkModeColors'] as const;
  return [
    ...modes.flatMap((mode) =>
      AppColorKey.options
        .map((key) => validateHexColor(`${mode}.${key}`, t[mode][key]))
        .filter((i): i is Issue => i !== undefined),
    ),
    ...validateFooterLinks(t.uxInitialScreenCustomLinks, 'app', 'uxInitialScreenCustomLinks'),
  ];
}

/**
 * Issue 19 item 9: every text of a theme has a maximum length and every list a maximum count and
 * no duplicates (its name, CSS, buttons, labels, links, colours, each language's texts, stacks and
 * purposes). Checked at a save, not by the schema that reads stored rows.
 */
function themeLimitIssues(t: ThemeValues): Issue[] {
  const links = (list: readonly object[], field: string) =>
    list.flatMap((link, i) => [
      ...oneLineIssues(link as Record<string, unknown>, LINK_FIELDS, `${field}.${i}.`),
      ...textLimitIssues(link as Record<string, unknown>, LINK_TEXT_LIMITS, `${field}.${i}.`),
    ]);
  return [
    // Issue 19 item 10: every button, label, link and colour is one line.
    ...oneLineIssues(t, THEME_ONE_LINE_FIELDS),
    ...textLimitIssues(t, THEME_TEXT_LIMITS),
    ...listLimitsIssues(t, THEME_LIST_LIMITS),
    ...links(t.uxInitialScreenCustomLinks, 'uxInitialScreenCustomLinks'),
    ...t.stacks.flatMap((stack, i) =>
      listLimitsIssues(stack, THEME_STACK_LIST_LIMITS, `stacks.${i}.`),
    ),
    ...LANGUAGE_LISTS.flatMap((list) =>
      t[list].flatMap((entry, i) => [
        ...oneLineIssues(entry, LANGUAGE_ONE_LINE_FIELDS, `${list}.${i}.`),
        ...textLimitIssues(entry, LANGUAGE_TEXT_LIMITS, `${list}.${i}.`),
        ...listLimitIssues(
          `${list}.${i}.customFooterLink`,
          entry.customFooterLink,
          LIST_LIMITS.footerLinks,
          null,
        ),
        ...links(entry.customFooterLink, `${list}.${i}.customFooterLink`),
      ]),
    ),
    ...(t.themeType === 'APP'
      ? (['lightModeColors', 'darkModeColors'] as const).flatMap((mode) => [
          ...oneLineIssues(t[mode], AppColorKey.options, `${mode}.`),
          ...textLimitIssues(
            t[mode],
            Object.fromEntries(AppColorKey.options.map((key) => [key, TEXT_LIMITS.oneLine])),
            `${mode}.`,
          ),
        ])
      : []),
  ];
}

/**
 * Every field rule of a theme (themes-and-bulk-update §5), on the parsed form values or the API
 * payload; each issue names its field, its rule and the spec's message. The server runs it before
 * every save; the console runs it as the user types.
 */
export function validateTheme(
  t: ThemeValues,
  ctx: ThemeValidationContext = {},
): Validation<ThemeValues> {
  const { gdpr, us } = themeRegulations(t);
  const buttonMax = buttonTextMax(ctx.pCode);
  // Checked whenever the account is premium: with GDPR off the tabs hide but the texts stay.
  const premium = ctx.premiumEligible === true;
  return collect(t, [
    required('themeName', t.themeName),
    noAngleBrackets('themeName', t.themeName),
    t.privacyModes.length === 0 && issue('privacyModes', 'required', REGULATION_REQUIRED),
    gdpr && validateShortText('agreeButton', t.agreeButton, buttonMax),
    gdpr && validateShortText('saveAndExitButton', t.saveAndExitButton, buttonMax),
    gdpr &&
      validateShortText('initScreenRejectButton', t.initScreenRejectButton, DISAGREE_TEXT_MAX),
    gdpr && (t.themeType === 'SITE' ? validateSiteUi(t) : validateAppUi(t)),
    us && validateUsTexts(t),
    premium
      ? LANGUAGE_LISTS.flatMap((list) => validateLanguageEntries(t, list, ctx))
      : premiumTextsUnchanged(t, ctx.saved),
    // Issue 19 item 9: every text and list is bounded (here, not in the schema that reads rows),
    // after the spec's own rules, so a field with a shorter limit of the spec shows that one.
    themeLimitIssues(t),
  ]);
}

/**
 * The theme as the server stores it, after `validateTheme` has refused script: the Do Not Sell
 * rich-text body rewritten by the banner's allow-list (paragraphs, lists, bold, italic, underline,
 * http(s) links; every other tag reduced to its text), so what is stored is what visitors see.
 */
export const themeForStorage = <T extends ThemeValues>(t: T): T => ({
  ...t,
  uspDnsText: sanitizeRichTextHtml(t.uspDnsText),
});
