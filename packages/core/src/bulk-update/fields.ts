import { z } from 'zod';
import { CmpVersion } from '../property/cmp-version';
import { validateGoogleBasicConsent } from '../property/google-consent';
import type { LegalBasisSelection } from '../property/legal-basis';
import { applyThemeChange, declareNoLegalBasis, defineLegalBasis } from '../property/legal-basis';
import {
  applyConsentLocations,
  applyPublisherCountry,
  setConsentScope,
  switchCmpVersion,
  validateConsentScope,
  validateRepromptDays,
} from '../property/regulations';
import type { PropertyValues } from '../property/schema';
import { validateThemeOfAccount } from '../property/validate';
import {
  ConsentLocation,
  ConsentScope,
  GbcPurposeSetting,
  GdprEncodingMode,
  MspaAutoPopUp,
  MspaJurisdiction,
  PrivacyMode,
  RequireConsentFrom,
  SITE_CONSENT_SCOPE_LABELS,
  ThirdPartyStorageType,
  UspJurisdiction,
  legalBasisOf,
} from '../property/schema';
import {
  MSPA_SENSITIVE_MARKER,
  confirmMspaSignatory,
  splitMspaPurposes,
  validateMspaPurposes,
} from '../property/us-privacy';
import {
  LINK_TEXT_LIMITS,
  LIST_LIMITS,
  PROPERTY_LIST_LIMITS,
  PROPERTY_TEXT_LIMITS,
  listLimitsIssues,
  textLimitIssues,
} from '../limits';
import { oneLineIssues } from '../text';
import { validateFooterLinks } from '../theme/footer-links';
import type { Issue, Validation } from '../validation';
import { collect, issue } from '../validation';
import { BulkLegalBasis } from './filters';
import { BULK_REGULATION_REQUIRED } from './messages';

const Ids = z.array(z.number().int().positive());

/** A custom footer link of bulk update; the first is the privacy policy. Up to three. */
export const BulkFooterLink = z.object({ text: z.string(), url: z.string() });
export type BulkFooterLink = z.infer<typeof BulkFooterLink>;

/**
 * The property fields a bulk update changes (themes-and-bulk-update §3 "Property fields used by
 * bulk update", without the identity fields that select and name the properties). Every field is
 * optional: a field left out is not changed. The form's legalBasis and noLegalBasis are not part
 * of it: applyRecommended is sent as empty purpose lists.
 */
export const BulkUpdateFields = z.object({
  themeId: z.string().min(1).optional(),
  cmpVersion: CmpVersion.optional(),
  privacyModes: z.array(PrivacyMode).optional(),
  consentLocations: z.array(ConsentLocation).optional(),
  requireConsentFrom: RequireConsentFrom.optional(),
  consentScope: ConsentScope.optional(),
  consentScopeGroupURL: z.string().trim().optional(),
  thirdPartyStorageType: ThirdPartyStorageType.optional(),
  /** Consent purposes; with purposeLegitimateIds both empty, no legal basis is declared. */
  purposeIds: Ids.optional(),
  purposeLegitimateIds: Ids.optional(),
  specialPurposes: Ids.optional(),
  features: Ids.optional(),
  specialFeatures: Ids.optional(),
  publisherCC: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .optional(),
  gbcEnabled: z.boolean().optional(),
  gbcLocations: z.array(ConsentLocation).optional(),
  gbcApplicablePurposes: z.array(GbcPurposeSetting).optional(),
  googleEnabled: z.boolean().optional(),
  uspJurisdiction: UspJurisdiction.optional(),
  uspLspact: z.enum(['Y', 'N']).optional(),
  /** The combined MSPA list: opt-out purposes 1 to 4 with the sensitive (5) and child (6) markers. */
  mspaOptOutPurposeIds: Ids.optional(),
  mspaSensitiveDataPurposeIds: Ids.optional(),
  mspaJurisdiction: MspaJurisdiction.optional(),
  isCoveredTransaction: z.boolean().optional(),
  mspaAutoPopUp: MspaAutoPopUp.optional(),
  /** 'Show new vendors every' N days; at least 6. */
  repromtDaysAfterGvlUpdate: z.number().int().optional(),
  gdprEncodingMode: GdprEncodingMode.optional(),
  customFooterLinks: z.array(BulkFooterLink).max(3).optional(),
});
export type BulkUpdateFields = z.output<typeof BulkUpdateFields>;
export type BulkUpdateFieldsInput = z.input<typeof BulkUpdateFields>;

/**
 * One property's own changes (configuration as code: `assent apply`): any property settings,
 * merged over the stored ones and saved with the rules of a single save.
 */
export const BulkUpdateItem = z.object({
  siteId: z.number().int(),
  changes: z.record(z.string(), z.unknown()),
});
export type BulkUpdateItem = z.infer<typeof BulkUpdateItem>;

export const BULK_NOTHING_TO_UPDATE = 'Select at least one property to update';

/**
 * The submit call's body: the properties by siteId and the fields to change for all of them (the
 * console's flow), or per-property changes in `items` (the CLI's apply), or both.
 */
export const BulkUpdateRequest = z
  .object({
    sites: z.array(z.number().int()).default([]),
    fields: BulkUpdateFields.default({}),
    items: z.array(BulkUpdateItem).default([]),
  })
  .refine((r) => r.sites.length + r.items.length > 0, {
    message: BULK_NOTHING_TO_UPDATE,
    path: ['sites'],
  });
export type BulkUpdateRequest = z.infer<typeof BulkUpdateRequest>;

/**
 * Issue 19 item 9: a bulk update (or an `assent apply` document sent as one) names at most
 * LIST_LIMITS.bulkProperties properties in `sites` and in `items`, each once.
 */
export const bulkRequestLimitIssues = (request: BulkUpdateRequest): Issue[] =>
  listLimitsIssues(request, {
    sites: { max: LIST_LIMITS.bulkProperties },
    items: { max: LIST_LIMITS.bulkProperties, by: 'siteId' },
  });

/** Step 2's form: the fields plus the legal-basis choice, which is never sent. */
export const BulkDetailsForm = BulkUpdateFields.extend({
  legalBasis: BulkLegalBasis.optional(),
  noLegalBasis: z.boolean().optional(),
});
export type BulkDetailsForm = z.output<typeof BulkDetailsForm>;

/** The submit body: the form without legalBasis, noLegalBasis and fields left unset. */
export function toBulkUpdateRequest(
  siteIds: readonly number[],
  form: BulkDetailsForm,
): BulkUpdateRequest {
  const { legalBasis: _legalBasis, noLegalBasis: _noLegalBasis, ...rest } = form;
  const fields = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  ) as BulkUpdateFields;
  return { sites: [...siteIds], fields, items: [] };
}

/** Purpose 1 is always on in bulk update's customise dialog. */
export const BULK_FORCED_PURPOSE = 1;

const withPurposeOne = (ids: readonly number[]): number[] =>
  [...new Set([BULK_FORCED_PURPOSE, ...ids])].sort((a, b) => a - b);

/** The customise dialog opens with the form's purposes and purpose 1 checked. */
export function bulkCustomiseSelection(form: BulkDetailsForm): LegalBasisSelection {
  return {
    consent: withPurposeOne(form.purposeIds ?? []),
    legitimate: (form.purposeLegitimateIds ?? []).filter((id) => id !== BULK_FORCED_PURPOSE),
    specialFeatures: form.specialFeatures ?? [],
    specialPurposes: form.specialPurposes ?? [],
    features: form.features ?? [],
    stackIds: [],
  };
}

/** Checking a consent purpose in the dialog; purpose 1 cannot be unchecked. */
export function toggleBulkConsentPurpose(
  selection: LegalBasisSelection,
  purposeId: number,
  checked: boolean,
): LegalBasisSelection {
  if (purposeId === BULK_FORCED_PURPOSE)
    return { ...selection, consent: withPurposeOne(selection.consent) };
  const consent = checked
    ? [...selection.consent, purposeId]
    : selection.consent.filter((id) => id !== purposeId);
  return {
    ...selection,
    consent: withPurposeOne(consent),
    legitimate: checked
      ? selection.legitimate.filter((id) => id !== purposeId)
      : selection.legitimate,
  };
}

/**
 * Choosing the legal basis: applyRecommended declares none (purposes, features and special
 * features cleared); customized takes the dialog's selection, purpose 1 included.
 */
export function setBulkLegalBasis(
  form: BulkDetailsForm,
  choice: BulkLegalBasis,
  selection: LegalBasisSelection = bulkCustomiseSelection(form),
): BulkDetailsForm {
  if (choice === 'applyRecommended') {
    return {
      ...form,
      legalBasis: choice,
      noLegalBasis: true,
      purposeIds: [],
      purposeLegitimateIds: [],
      specialPurposes: [],
      features: [],
      specialFeatures: [],
    };
  }
  return {
    ...form,
    legalBasis: choice,
    noLegalBasis: false,
    purposeIds: withPurposeOne(selection.consent),
    purposeLegitimateIds: selection.legitimate.filter((id) => id !== BULK_FORCED_PURPOSE),
    specialPurposes: selection.specialPurposes,
    features: selection.features,
    specialFeatures: selection.specialFeatures,
  };
}

/** Consent scopes bulk update offers: the site only, or a group of sites. */
export const BULK_CONSENT_SCOPES = ['service', 'service group'] as const;
export type BulkConsentScope = (typeof BULK_CONSENT_SCOPES)[number];
export const BULK_CONSENT_SCOPE_LABELS: Record<BulkConsentScope, string> = {
  service: SITE_CONSENT_SCOPE_LABELS.service,
  'service group': SITE_CONSENT_SCOPE_LABELS['service group'],
};

/** Service group reveals the group URL and the storage mode (iframe by default). */
export function setBulkConsentScope(
  form: BulkDetailsForm,
  scope: BulkConsentScope,
): BulkDetailsForm {
  if (scope === 'service group') {
    return {
      ...form,
      consentScope: scope,
      consentScopeGroupURL: form.consentScopeGroupURL ?? '',
      thirdPartyStorageType: form.thirdPartyStorageType ?? 'iframe',
    };
  }
  const { consentScopeGroupURL: _url, thirdPartyStorageType: _storage, ...rest } = form;
  return { ...rest, consentScope: scope };
}

/**
 * The sensitive-data dialog closing: nothing chosen removes the sensitive marker from the MSPA
 * purposes list; a choice keeps (or adds) it with the chosen categories.
 */
export function closeBulkSensitiveDataDialog(
  form: BulkDetailsForm,
  selected: readonly number[],
): BulkDetailsForm {
  const purposes = (form.mspaOptOutPurposeIds ?? []).filter((id) => id !== MSPA_SENSITIVE_MARKER);
  if (selected.length === 0) {
    return { ...form, mspaOptOutPurposeIds: purposes, mspaSensitiveDataPurposeIds: [] };
  }
  return {
    ...form,
    mspaOptOutPurposeIds: [...purposes, MSPA_SENSITIVE_MARKER].sort((a, b) => a - b),
    mspaSensitiveDataPurposeIds: [...selected].sort((a, b) => a - b),
  };
}

/**
 * Step 2's requirement: at least one regulation (privacy modes or consent locations) or Google
 * basic consent is set. Issues name the fields, with BULK_REGULATION_REQUIRED.
 */
export function validateBulkRegulation(form: BulkDetailsForm): Issue[] {
  const regulation =
    (form.privacyModes?.length ?? 0) > 0 || (form.consentLocations?.length ?? 0) > 0;
  return regulation || form.gbcEnabled === true
    ? []
    : [issue('consentLocations', 'regulationRequired', BULK_REGULATION_REQUIRED)];
}

/**
 * Next in step 2: at least one regulation (privacy modes or consent locations) or Google basic
 * consent is set, and MSPA purposes, when given, include one of 1 to 4.
 */
export function bulkDetailsNextEnabled(form: BulkDetailsForm): boolean {
  const mspaOk =
    form.mspaOptOutPurposeIds === undefined ||
    validateMspaPurposes(form.mspaOptOutPurposeIds).length === 0;
  return validateBulkRegulation(form).length === 0 && mspaOk;
}

/**
 * The rules of step 2: the group URL ('Please input a valid URL') and storage mode for a group
 * scope; footer links ('Link text is required', 'Link URL is not valid', at most 3); 'Show new
 * vendors every' at least 6 days; MSPA purposes including one of 1 to 4; Google basic consent
 * turned on with its locations and at least one purpose (the single save's rule, so a bulk update
 * that turns it on is refused before it runs rather than failing on every property), on the CMP
 * version the update sets when it sets one; with the account's themes, the theme is one of them.
 */
export function validateBulkFields(
  form: BulkDetailsForm,
  ctx: {
    /** The account's themes: given (on the server), a theme change must name one of them. */
    themes?: ReadonlyArray<{ themeId: string }>;
  } = {},
): Validation<BulkDetailsForm> {
  // Issue 19 item 9: the fields' texts and lists are bounded as a single save's are.
  // Issue 19 item 10: its texts and URLs are one line.
  const checks: Issue[][] = [
    oneLineIssues(form, Object.keys(PROPERTY_TEXT_LIMITS)),
    textLimitIssues(form, PROPERTY_TEXT_LIMITS),
    listLimitsIssues(form, PROPERTY_LIST_LIMITS),
    (form.customFooterLinks ?? []).flatMap((link, i) => [
      ...oneLineIssues(link, ['text', 'url'], `customFooterLinks.${i}.`),
      ...textLimitIssues(link, LINK_TEXT_LIMITS, `customFooterLinks.${i}.`),
    ]),
  ];
  if (form.themeId !== undefined && ctx.themes) {
    checks.push(validateThemeOfAccount(form.themeId, ctx.themes));
  }
  if (form.consentScope !== undefined) {
    checks.push(
      validateConsentScope({
        propertyType: 'SITE',
        consentScope: form.consentScope,
        consentScopeGroupURL: form.consentScopeGroupURL ?? '',
        thirdPartyStorageType: form.thirdPartyStorageType ?? null,
      }),
    );
  }
  if (form.customFooterLinks !== undefined) {
    checks.push(validateFooterLinks(form.customFooterLinks, 'bulk', 'customFooterLinks'));
  }
  if (form.repromtDaysAfterGvlUpdate !== undefined) {
    checks.push(validateRepromptDays(form.repromtDaysAfterGvlUpdate, { vendorFacing: true }));
  }
  if (form.mspaOptOutPurposeIds !== undefined) {
    checks.push(validateMspaPurposes(form.mspaOptOutPurposeIds, 'mspaOptOutPurposeIds'));
  }
  if (form.gbcEnabled === true) {
    checks.push(
      validateGoogleBasicConsent({
        gbcEnabled: true,
        cmpVersion: form.cmpVersion,
        gbcLocations: form.gbcLocations ?? [],
        gbcApplicablePurposes: form.gbcApplicablePurposes ?? [],
      }),
    );
  }
  return collect(form, checks);
}

/** What applyBulkFields may need to know beyond the fields. */
export interface BulkApplyContext {
  /** The account's themes, so a theme change can reset the legal basis across GVL versions. */
  themes?: ReadonlyArray<{ themeId: string; gvlVersion: 2 | 3 }>;
}

/**
 * A property's new settings after a bulk update: the property module's own transitions applied in
 * the order the form applies them (theme, version, locations, country, scope, legal basis, US).
 * The caller then runs validateProperty and toSavePayload on the result, so a bulk change obeys
 * the rules of a single save.
 */
export function applyBulkFields(
  property: PropertyValues,
  fields: BulkUpdateFields,
  ctx: BulkApplyContext = {},
): PropertyValues {
  let v: PropertyValues = { ...property };

  if (fields.themeId !== undefined) {
    const theme = ctx.themes?.find((t) => t.themeId === fields.themeId);
    v = theme ? applyThemeChange(v, theme) : { ...v, themeId: fields.themeId };
  }
  if (fields.cmpVersion !== undefined) v = switchCmpVersion(v, fields.cmpVersion);
  if (fields.privacyModes !== undefined) v = { ...v, privacyModes: fields.privacyModes };
  if (fields.consentLocations !== undefined) v = applyConsentLocations(v, fields.consentLocations);
  if (fields.requireConsentFrom !== undefined) {
    v = { ...v, requireConsentFrom: fields.requireConsentFrom };
  }
  if (fields.publisherCC !== undefined) v = applyPublisherCountry(v, fields.publisherCC);

  if (fields.consentScope !== undefined) v = setConsentScope(v, fields.consentScope);
  if (fields.consentScopeGroupURL !== undefined) {
    v = { ...v, consentScopeGroupURL: fields.consentScopeGroupURL };
  }
  if (fields.thirdPartyStorageType !== undefined) {
    v = { ...v, thirdPartyStorageType: fields.thirdPartyStorageType };
  }

  if (fields.purposeIds !== undefined || fields.purposeLegitimateIds !== undefined) {
    const current = legalBasisOf(v);
    const consent = fields.purposeIds ?? current.consent;
    const legitimate = fields.purposeLegitimateIds ?? current.legitimate;
    v =
      consent.length === 0 && legitimate.length === 0
        ? declareNoLegalBasis(v)
        : defineLegalBasis(v, {
            consent,
            legitimate,
            specialFeatures: fields.specialFeatures ?? v.specialFeatures,
            specialPurposes: fields.specialPurposes ?? v.specialPurposes,
            features: fields.features ?? v.features,
            stackIds: v.stackIds,
          });
  } else {
    if (fields.specialFeatures !== undefined) v = { ...v, specialFeatures: fields.specialFeatures };
    if (fields.specialPurposes !== undefined) v = { ...v, specialPurposes: fields.specialPurposes };
    if (fields.features !== undefined) v = { ...v, features: fields.features };
  }

  if (fields.gbcEnabled !== undefined) v = { ...v, gbcEnabled: fields.gbcEnabled };
  if (fields.gbcLocations !== undefined) v = { ...v, gbcLocations: fields.gbcLocations };
  if (fields.gbcApplicablePurposes !== undefined) {
    v = { ...v, gbcApplicablePurposes: fields.gbcApplicablePurposes };
  }
  if (fields.googleEnabled !== undefined) v = { ...v, googleEnabled: fields.googleEnabled };

  if (fields.uspJurisdiction !== undefined) v = { ...v, uspJurisdiction: fields.uspJurisdiction };
  if (fields.uspLspact !== undefined) v = { ...v, uspLspact: fields.uspLspact };
  if (fields.mspaOptOutPurposeIds !== undefined) {
    v = {
      ...v,
      ...splitMspaPurposes(fields.mspaOptOutPurposeIds),
      mspaOptOutPurposeIds: fields.mspaOptOutPurposeIds,
    };
    if (v.mspaSensitiveDataProcessing === 'no') v = { ...v, mspaSensitiveDataPurposeIds: [] };
  }
  if (fields.mspaSensitiveDataPurposeIds !== undefined && v.mspaSensitiveDataProcessing === 'yes') {
    v = { ...v, mspaSensitiveDataPurposeIds: fields.mspaSensitiveDataPurposeIds };
  }
  if (fields.isCoveredTransaction !== undefined) {
    v = confirmMspaSignatory(v, fields.isCoveredTransaction);
  }
  // National is available only to covered transactions; State and National always.
  if (
    fields.mspaJurisdiction !== undefined &&
    (fields.mspaJurisdiction === 'STATE_AND_NATIONAL' || v.isCoveredTransaction)
  ) {
    v = { ...v, mspaJurisdiction: fields.mspaJurisdiction };
  }
  if (fields.mspaAutoPopUp !== undefined) v = { ...v, mspaAutoPopUp: fields.mspaAutoPopUp };

  if (fields.repromtDaysAfterGvlUpdate !== undefined) {
    v = { ...v, repromtDaysAfterGvlUpdate: fields.repromtDaysAfterGvlUpdate };
  }
  if (fields.gdprEncodingMode !== undefined)
    v = { ...v, gdprEncodingMode: fields.gdprEncodingMode };
  // The first footer entry is reserved for the privacy policy: it is the property's privacy link.
  const privacyLink = fields.customFooterLinks?.[0];
  if (privacyLink) v = { ...v, gdprPrivacyLink: privacyLink.url.trim() };
  return v;
}
