import {
  MONETISATION_BACK,
  MONETISATION_HERO,
  MONETISATION_RESOURCES,
  PRICING_PROMOTION_TITLE,
  SSP_TERMS_TITLE,
} from '@assent/core/account';

/** Promotion and feedback copy the spec does not word (its fixed texts live in core). */
export const SURVEY_TITLE = 'Help us shape CMP Premium';
export const SURVEY_QUESTION =
  'Would you be interested in getting CMP Premium for free by monetising your traffic with our ad platform?';
export const SURVEY_COMMENT_LABEL = 'Anything else you would like to tell us? (optional)';
export const SURVEY_SUBMIT = 'SUBMIT';
export const SURVEY_POPUP_CLOSE = 'Close the survey';

export const PREMIUM_BANNER_TEXT = 'Advanced consent options and premium reports are on their way.';

export const PRICING_TITLE = PRICING_PROMOTION_TITLE;
export const PRICING_TEXT = [
  'Your consent banner already earns you compliant, addressable traffic.',
  'Monetise it with our supply-side platform and unlock CMP Premium at no cost.',
];
export const PRICING_CTA = 'EXPLORE MONETISATION';
export const MAYBE_LATER = 'Maybe later';

export const COP_INTRO_TITLE = 'Consent or Pay';
export const COP_INTRO_TEXT = [
  'Offer visitors a choice: accept personalised advertising, or subscribe or log in for an ad-light experience.',
  'Consent or Pay works with your existing subscription pages and the CMP versions that support it.',
];
export const COP_REQUEST_BUTTON = 'REQUEST ACCESS';
export const COP_BANNER_TEXT = 'New: let visitors choose between consent and a subscription.';
export const COP_LEARN_MORE = 'Learn about Consent or Pay';
export const COP_SUCCESS_TITLE = 'Request received';

export const TERMS_TITLE = SSP_TERMS_TITLE;
export const TERMS_TEXT =
  'Use your console login for our supply-side platform too. To continue, accept the terms of both products for this account.';
export const TERMS_CHECKBOX =
  'I accept the terms of the consent management platform and the supply-side platform';
export const TERMS_ACCEPT = 'ACCEPT AND CONTINUE';

export const MONETISATION = {
  back: MONETISATION_BACK,
  hero: MONETISATION_HERO,
  heroText:
    'Turn consented traffic into revenue: one integration gives you demand from 180+ DSPs and 400K+ advertisers, trusted by 60,000+ apps and sites.',
  goTo: 'GO TO THE PLATFORM',
  why: 'Why monetise with us',
  cards: [
    {
      title: 'Ad diversity',
      text: 'Display, video and native demand competing for every impression.',
    },
    {
      title: 'User-centric ads',
      text: 'Ads that respect the consent your visitors gave, signal by signal.',
    },
    {
      title: 'Addressability portfolio',
      text: 'Identity and contextual solutions that keep campaigns addressable with or without cookies.',
    },
  ],
  quote:
    '“Switching our consent and monetisation to one partner doubled our fill rate in three months.”',
  quoteAuthor: 'Head of Ad Operations, a European news publisher',
  trustedBy: 'Trusted by publishers worldwide',
  logos: ['Daily Planet', 'Metro Times', 'Gamer Hub', 'Recipe Box', 'Travel Notes', 'Tech Weekly'],
  resources: MONETISATION_RESOURCES,
} as const;

export const PRODUCTS = {
  title: 'Products',
  cmpTitle: 'Consent Management',
  cmpText:
    'Protect your sites and apps with a TCF 2.2 consent banner, Google Consent Mode and US privacy.',
  cmpAction: 'OPEN CONSENT MANAGEMENT',
  sspTitle: 'Monetisation',
  sspText: 'Earn from your consented traffic with our supply-side platform.',
  sspAction: 'OPEN MONETISATION',
  welcomeTitle: 'Welcome to your products',
  welcomeText:
    'Your login opens every product of your account: manage consent here, and monetise your traffic from the same place.',
  welcomeOk: 'GOT IT',
} as const;
