import { z } from 'zod';
import { expandCountries } from '../country';
import { INVALID_URL, REQUIRED } from '../messages';
import type { Issue } from '../validation';
import { isBlank, isValidUrl, issue } from '../validation';
import type { CmpVersionInput } from './cmp-version';
import { supportsFeature } from './cmp-version';

/** Who handles the subscribe and login actions: the publisher's URLs, or Assent's own consent APIs. */
export const CopCallbackType = z.enum(['publisher', 'self']);
export const CopRedirectMethod = z.enum(['SAME_TAB', 'NEW_TAB']);

export const COP_CALLBACK_TYPE_LABELS: Record<z.infer<typeof CopCallbackType>, string> = {
  publisher: 'Redirect to my pages',
  self: 'Handled by Assent',
};
export const COP_REDIRECT_METHOD_LABELS: Record<z.infer<typeof CopRedirectMethod>, string> = {
  SAME_TAB: 'Same tab',
  NEW_TAB: 'New tab',
};

export const ConsentOrPayConfig = z.object({
  enabled: z.boolean().default(false),
  /** Country codes; 'eea' stands for every EEA country and is expanded on save. */
  countries: z.array(z.string()).default([]),
  callbackType: CopCallbackType.default('self'),
  callbacks: z
    .object({
      /** Subscribe redirect URL. */
      action1: z.string().default(''),
      /** Login redirect URL. */
      action2: z.string().default(''),
    })
    .default({ action1: '', action2: '' }),
  callbackRedirectMethod: CopRedirectMethod.default('SAME_TAB'),
  /** Always true. */
  partialAcceptEnabled: z.literal(true).default(true),
});
export type ConsentOrPayConfig = z.infer<typeof ConsentOrPayConfig>;

export const defaultConsentOrPayConfig = (): ConsentOrPayConfig => ConsentOrPayConfig.parse({});

export const COP_NO_NON_PERSONALISED_VENDORS =
  'Cannot enable consent or pay, since none of the vendors have non-personalised purposes. Change vendors and retry.';
export const COP_COUNTRIES_REQUIRED = 'Please select at least one country';

/**
 * TCF purposes a vendor can pursue without personalisation: basic ads (2), measurement (7, 8, 9),
 * develop and improve (10), content selected with limited data (11). Purpose 1 (store/access)
 * does not count: every vendor declares it.
 */
export const NON_PERSONALISED_PURPOSES: ReadonlySet<number> = new Set([2, 7, 8, 9, 10, 11]);

/** True when some vendor declares a non-personalised purpose (consent or LI). */
export function vendorsHaveNonPersonalisedPurposes(
  vendors: ReadonlyArray<{ purposes: readonly number[]; legIntPurposes?: readonly number[] }>,
): boolean {
  return vendors.some((v) =>
    [...v.purposes, ...(v.legIntPurposes ?? [])].some((p) => NON_PERSONALISED_PURPOSES.has(p)),
  );
}

/** The option shows only on versions that support it and for accounts enabled for it. */
export const consentOrPayAvailable = (version: CmpVersionInput, accountEnabled: boolean): boolean =>
  accountEnabled && supportsFeature(version, 'consentOrPay');

/** Checks the settings dialog on OK (properties-and-tags §5). */
export function validateConsentOrPay(
  config: ConsentOrPayConfig,
  vendors?: ReadonlyArray<{ purposes: readonly number[]; legIntPurposes?: readonly number[] }>,
  field = 'consentOrPayConfig',
): Issue[] {
  if (!config.enabled) return [];
  const issues: Issue[] = [];
  if (vendors && !vendorsHaveNonPersonalisedPurposes(vendors)) {
    issues.push(
      issue(`${field}.enabled`, 'nonPersonalisedVendors', COP_NO_NON_PERSONALISED_VENDORS),
    );
  }
  if (config.countries.length === 0) {
    issues.push(issue(`${field}.countries`, 'required', COP_COUNTRIES_REQUIRED));
  }
  const { action1, action2 } = config.callbacks;
  if (config.callbackType === 'publisher' && isBlank(action1)) {
    issues.push(issue(`${field}.callbacks.action1`, 'required', REQUIRED));
  } else if (!isBlank(action1) && !isValidUrl(action1)) {
    issues.push(issue(`${field}.callbacks.action1`, 'url', INVALID_URL));
  }
  if (!isBlank(action2) && !isValidUrl(action2)) {
    issues.push(issue(`${field}.callbacks.action2`, 'url', INVALID_URL));
  }
  return issues;
}

/** The saved shape: the 'eea' shorthand expanded to the EEA countries. */
export const normaliseConsentOrPay = (config: ConsentOrPayConfig): ConsentOrPayConfig => ({
  ...config,
  countries: expandCountries(config.countries),
  partialAcceptEnabled: true,
});

/** The Consent-or-Pay settings dialog: closed, or open on a draft with the messages of its last OK. */
export type ConsentOrPayDialog =
  { open: false } | { open: true; draft: ConsentOrPayConfig; issues: Issue[] };

export type ConsentOrPayEvent =
  /** The Yes/No question: Yes opens the settings dialog, No disables at once. */
  | { type: 'choose'; enabled: boolean }
  /** The settings button of an enabled property: the dialog on the current settings. */
  | { type: 'edit' }
  | { type: 'draft'; config: ConsentOrPayConfig }
  | { type: 'ok' }
  | { type: 'cancel' };

/**
 * Consent or Pay on the site form (properties-and-tags §4): choosing Yes opens the settings dialog
 * on a draft (the saved settings change only on OK); Cancel closes it and restores the previous
 * settings; OK validates countries and URLs and keeps the dialog open with the messages until they
 * are fixed (the messages then follow the edits); choosing No disables it at once.
 */
export function consentOrPayTransition(
  config: ConsentOrPayConfig,
  dialog: ConsentOrPayDialog,
  event: ConsentOrPayEvent,
): { config: ConsentOrPayConfig; dialog: ConsentOrPayDialog } {
  const closed: ConsentOrPayDialog = { open: false };
  switch (event.type) {
    case 'choose':
      return event.enabled
        ? { config, dialog: { open: true, draft: { ...config, enabled: true }, issues: [] } }
        : { config: { ...config, enabled: false }, dialog: closed };
    case 'edit':
      return { config, dialog: { open: true, draft: config, issues: [] } };
    case 'draft':
      if (!dialog.open) return { config, dialog };
      return {
        config,
        dialog: {
          open: true,
          draft: event.config,
          issues: dialog.issues.length ? validateConsentOrPay(event.config) : [],
        },
      };
    case 'ok': {
      if (!dialog.open) return { config, dialog };
      const issues = validateConsentOrPay(dialog.draft);
      return issues.length
        ? { config, dialog: { ...dialog, issues } }
        : { config: dialog.draft, dialog: closed };
    }
    case 'cancel':
      return { config, dialog: closed };
  }
}
