import { REQUIRED } from '../messages';
import type { Issue } from '../validation';
import { issue } from '../validation';
import type { CmpVersionInput } from './cmp-version';
import { supportsFeature } from './cmp-version';
import {
  GBC_ADVANCED_UNSUPPORTED,
  GBC_DEFAULT_UNCHECKED,
  GBC_PURPOSE_REQUIRED,
  GBC_VERSION_UNSUPPORTED,
} from './messages';
import type { ConsentLocation, GbcDefaultValue, GbcPurposeSetting, PropertyDraft } from './schema';

/**
 * Google basic consent purposes (the static national-English list): Consent Mode v2 storage types.
 */
export const GBC_PURPOSES = [
  { id: 1, consentType: 'ad_storage', name: 'Store advertising cookies (ad_storage)' },
  { id: 2, consentType: 'analytics_storage', name: 'Store analytics cookies (analytics_storage)' },
  {
    id: 3,
    consentType: 'ad_user_data',
    name: 'Send user data to Google for advertising (ad_user_data)',
  },
  {
    id: 4,
    consentType: 'ad_personalization',
    name: 'Personalised advertising (ad_personalization)',
  },
  {
    id: 5,
    consentType: 'functionality_storage',
    name: 'Store functionality cookies (functionality_storage)',
  },
  {
    id: 6,
    consentType: 'personalization_storage',
    name: 'Store personalisation cookies (personalization_storage)',
  },
  { id: 7, consentType: 'security_storage', name: 'Store security cookies (security_storage)' },
] as const;
export type GbcConsentType = (typeof GBC_PURPOSES)[number]['consentType'];

export const GBC_AVAILABLE_NOTE = 'Available from version 52';

export const gbcAvailable = (version: CmpVersionInput): boolean =>
  supportsFeature(version, 'googleBasicConsent');

/** URL passthrough and ads data redaction appear only on supporting versions. */
export const gbcAdvancedAvailable = (version: CmpVersionInput): boolean =>
  supportsFeature(version, 'gbcUrlPassthrough');

export const gbcLocationsList = (value: PropertyDraft['gbcLocations']): ConsentLocation[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const enabledPurposes = (purposes: readonly GbcPurposeSetting[]) =>
  purposes.filter((p) => p.enabled !== false);

/** Choosing Yes opens the dialog with every purpose listed (unchecked unless already saved). */
export function gbcDialogPurposes(saved: readonly GbcPurposeSetting[]): GbcPurposeSetting[] {
  return GBC_PURPOSES.map(({ id }) => {
    const current = saved.find((p) => p.id === id);
    return current
      ? { id, enabled: current.enabled !== false, defaultValue: current.defaultValue ?? 'DENIED' }
      : { id, enabled: false };
  });
}

/** Checking or unchecking a purpose; unchecking removes its default value. */
export function toggleGbcPurpose(
  purposes: readonly GbcPurposeSetting[],
  id: number,
  enabled: boolean,
): GbcPurposeSetting[] {
  return purposes.map((p) =>
    p.id !== id
      ? p
      : enabled
        ? { id, enabled, defaultValue: p.defaultValue ?? 'DENIED' }
        : { id, enabled: false },
  );
}

/** A default value can be set only for a checked purpose; for an unchecked one nothing changes. */
export function setGbcDefault(
  purposes: readonly GbcPurposeSetting[],
  id: number,
  defaultValue: GbcDefaultValue,
): GbcPurposeSetting[] {
  return purposes.map((p) => (p.id === id && p.enabled ? { ...p, defaultValue } : p));
}

/** Cancel with no purpose enabled turns the feature back off. */
export function cancelGbcDialog<T extends PropertyDraft>(values: T): T {
  return enabledPurposes(values.gbcApplicablePurposes ?? []).length === 0
    ? { ...values, gbcEnabled: false }
    : values;
}

/** Confirming needs at least one enabled purpose. */
export function validateGbcDialog(purposes: readonly GbcPurposeSetting[]): Issue[] {
  return enabledPurposes(purposes).length === 0
    ? [issue('gbcApplicablePurposes', 'atLeastOne', GBC_PURPOSE_REQUIRED)]
    : [];
}

/** Google basic consent, when enabled: version gate, locations, purposes and defaults. */
export function validateGoogleBasicConsent(p: PropertyDraft): Issue[] {
  const version = p.cmpVersion ?? 'latest';
  const issues: Issue[] = [];
  if (!p.gbcEnabled) {
    return [];
  }
  if (!gbcAvailable(version)) issues.push(issue('gbcEnabled', 'version', GBC_VERSION_UNSUPPORTED));
  if (gbcLocationsList(p.gbcLocations).length === 0)
    issues.push(issue('gbcLocations', 'required', REQUIRED));
  issues.push(...validateGbcDialog(p.gbcApplicablePurposes ?? []));
  (p.gbcApplicablePurposes ?? []).forEach((purpose, index) => {
    if (purpose.enabled === false && purpose.defaultValue !== undefined) {
      issues.push(
        issue(
          `gbcApplicablePurposes.${index}.defaultValue`,
          'defaultOnlyChecked',
          GBC_DEFAULT_UNCHECKED,
        ),
      );
    }
  });
  if ((p.urlPassThrough || p.adsDataRedaction) && !gbcAdvancedAvailable(version)) {
    issues.push(issue('urlPassThrough', 'version', GBC_ADVANCED_UNSUPPORTED));
  }
  return issues;
}

/** Saved shape: enabled purposes only, as id and default value (DENIED when none was chosen). */
export function toGbcPurposePayload(
  purposes: readonly GbcPurposeSetting[],
): Array<{ id: number; defaultValue: GbcDefaultValue }> {
  return enabledPurposes(purposes).map(({ id, defaultValue }) => ({
    id,
    defaultValue: defaultValue ?? 'DENIED',
  }));
}
