import { z } from 'zod';
import { CONSENT_RECORD_BODY_LIMIT, ConsentRecordBeacon } from '../../audit-log/consent-record';
import { AmpConsentCheckRequest } from '../../banner/amp';
import { VisitEvent } from '../../banner/config';
import type { StoredConsentKey } from '../../banner/rules';
import { CONSENT_COOKIES } from '../../banner/rules';
import { PUBLIC, defineRoute } from '../route';

/**
 * The consent runtime's public endpoints under /banner/ (docs/banner.md "Endpoints"): what a
 * visitor's browser calls from a publisher's page. They never read the console session
 * (`sessionless`); their CORS, caching and body options are declared here with them.
 */

export const JAVASCRIPT_TYPE = 'text/javascript; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export const VISIT_BAD_BODY = 'The visit is not a VisitEvent JSON object';
export const VISIT_FOREIGN_ORIGIN = "This page is not part of the property's site";
export const GROUP_FOREIGN_ORIGIN = 'This site is not part of the consent group';
export const GROUP_BAD_BODY = 'Expected a JSON object of stored consent';
export const GROUP_BAD_VALUE =
  'Expected a TC, GPP or US privacy string (letters, digits and - _ . ~ |, at most 4000 characters)';
export const AMP_FOREIGN_ORIGIN = "This AMP page is not part of the property's site";
export const VENDOR_LIST_VERSION_RULE = 'a vendor-list version number or LATEST';
export const VENDOR_LIST_LANG_RULE = 'a language code such as en';

/** A visit body is one small VisitEvent; anything much larger is refused before parsing. */
export const VISIT_BODY_LIMIT = 1024;
export const GROUP_BODY_LIMIT = 16 * 1024;
export const AMP_CHECK_BODY_LIMIT = 8 * 1024;

/** The visit beacon's body: a VisitEvent, and VISIT_BAD_BODY for anything that is not an object. */
export const VisitBeacon = z.object(VisitEvent.shape, { error: VISIT_BAD_BODY });

/** A stored value: a TC, GPP or US privacy string, or the runtime's meta (`version|outcome|time`). */
export const STORED_CONSENT_VALUE = /^[A-Za-z0-9_.~|-]{1,4000}$/;
const StoredValue = z
  .string({ error: GROUP_BAD_VALUE })
  .regex(STORED_CONSENT_VALUE, GROUP_BAD_VALUE);

/** A group's stored consent (group storage API): any of the consent cookies' values. */
export const StoredConsentValues = z.object(
  Object.fromEntries(
    Object.keys(CONSENT_COOKIES).map((key) => [key, StoredValue.optional()]),
  ) as Record<StoredConsentKey, z.ZodOptional<typeof StoredValue>>,
  { error: GROUP_BAD_BODY },
);
export type StoredConsentValues = z.infer<typeof StoredConsentValues>;

/** amp-consent's expected answer to `checkConsentHref` (core's answerAmpConsentCheck). */
export const AmpConsentCheckAnswer = z.object({
  consentRequired: z.boolean(),
  consentStateValue: z.enum(['accepted', 'rejected', 'unknown']).optional(),
  consentString: z.string().optional(),
  expireCache: z.boolean(),
  consentMetadata: z.object({
    consentStringType: z.number().int(),
    gdprApplies: z.boolean(),
    additionalConsent: z.string().optional(),
    purposeOne: z.boolean(),
  }),
});

/** The runtime's vendor list: GVL v3 JSON, vendors and purposes keyed by id. */
export const RuntimeVendorList = z.looseObject({
  gvlSpecificationVersion: z.number(),
  vendorListVersion: z.number(),
  tcfPolicyVersion: z.number(),
  lastUpdated: z.string(),
  purposes: z.record(z.string(), z.unknown()),
  specialPurposes: z.record(z.string(), z.unknown()),
  features: z.record(z.string(), z.unknown()),
  specialFeatures: z.record(z.string(), z.unknown()),
  stacks: z.record(z.string(), z.unknown()),
  vendors: z.record(z.string(), z.unknown()),
});

/** What cmp.js's loader fetches: the runtime's boot options (`InitOptions` of packages/banner). */
export const RuntimeBoot = z.object({
  config: z.looseObject({ propertyId: z.string() }),
  region: z.object({ country: z.string(), state: z.string().optional() }),
  endpoints: z.object({
    vendorList: z.string(),
    googleVendors: z.string().optional(),
    visit: z.string().optional(),
    consent: z.string().optional(),
  }),
});

/** Google's ad-technology providers by id (`GoogleVendorNames`). */
export const RuntimeGoogleVendors = z.record(
  z.string(),
  z.object({ name: z.string(), policyUrl: z.string().optional() }),
);

const PropertyId = z.object({ id: z.string() });
const AccountCode = z.object({ pCode: z.string() });
const Group = z.object({ pCode: z.string(), group: z.string() });
const Script = z.string();

const script = {
  access: PUBLIC,
  sessionless: true,
  response: Script,
  responseKind: 'text',
  contentType: JAVASCRIPT_TYPE,
} as const;

const secondLayer = {
  ...script,
  method: 'GET',
  summary: 'The lazy second layer of the banner (an ES module imported next to cmp.js)',
  cors: { kind: 'any' },
  cache: 'public-hour',
} as const;

const groupStorage = {
  access: PUBLIC,
  sessionless: true,
  path: '/banner/group/{pCode}/{group}/storage',
  params: Group,
  cors: { kind: 'credentialed', origins: 'checked', refused: GROUP_FOREIGN_ORIGIN },
  cache: 'no-store',
} as const;

export const banner = {
  propertyScript: defineRoute({
    ...script,
    method: 'GET',
    path: '/banner/property/{id}/cmp.js',
    summary:
      "cmp.js of the property (site tag, app WebViews): a small loader carrying the configuration for this visitor's region (propertyConfig's JSON, inline) that runs the runtime file for this visitor's regulation (runtimeFile, cached for a year); 404 with a JavaScript comment for an unknown property",
    params: PropertyId,
    cors: { kind: 'embed' },
    cache: 'short',
  }),
  propertyConfig: defineRoute({
    method: 'GET',
    path: '/banner/property/{id}/config.json',
    summary:
      "The boot JSON cmp.js carries inline (loaders cached before it did fetch it here): the property's banner configuration for this visitor's region and the runtime's endpoints (`tag=universal`: as the universal tag runs it); 404 for an unknown property",
    access: PUBLIC,
    sessionless: true,
    params: PropertyId,
    query: z.object({ tag: z.enum(['site', 'universal']).optional() }),
    response: RuntimeBoot,
    cors: { kind: 'any' },
    cache: 'short',
  }),
  runtimeFile: defineRoute({
    ...script,
    method: 'GET',
    path: '/banner/runtime/{build}/{file}',
    summary:
      "A runtime file of one build (cmp.js, cmp-gdpr.js, second-layer.js) as cmp.js's loader names it, cached for a year (immutable); another build's id gets the current file, cached for an hour; 404 with a JavaScript comment for another name",
    params: z.object({ build: z.string(), file: z.string() }),
    cors: { kind: 'any' },
    cache: 'immutable',
  }),
  accountScript: defineRoute({
    ...script,
    method: 'GET',
    path: '/banner/account/{pCode}/cmp.js',
    summary:
      "cmp.js of the account's site matching the page's host (`host`, else the Referer), starting with its Google consent defaults, then the loader of that site (universal tag)",
    params: AccountCode,
    query: z.object({ host: z.string().optional() }),
    cors: { kind: 'embed' },
    cache: 'short',
  }),
  propertySecondLayer: defineRoute({
    ...secondLayer,
    path: '/banner/property/{id}/second-layer.js',
    params: PropertyId,
  }),
  accountSecondLayer: defineRoute({
    ...secondLayer,
    path: '/banner/account/{pCode}/second-layer.js',
    params: AccountCode,
  }),
  previewSecondLayer: defineRoute({ ...secondLayer, path: '/banner/preview/second-layer.js' }),
  previewFrame: defineRoute({
    method: 'GET',
    path: '/banner/preview/frame',
    summary:
      "The theme preview's frame (the console's PREVIEW GDPR MODE): deletes the consent cookies and runs the preview script its parent posts",
    access: PUBLIC,
    sessionless: true,
    response: z.string(),
    responseKind: 'text',
    contentType: HTML_TYPE,
    cache: 'no-store',
  }),
  staticScript: defineRoute({
    ...script,
    method: 'GET',
    path: '/banner/static/{file}',
    summary:
      'A script of the consent runtime as built (stub.js, cmp.js, cmp-gdpr.js, second-layer.js, amp-prompt.js, group-frame.js); 404 with a JavaScript comment for another name',
    params: z.object({ file: z.string() }),
    cache: 'public-hour',
  }),
  vendorList: defineRoute({
    method: 'GET',
    path: '/banner/vendor-list/{version}/{lang}.json',
    summary:
      'The current Global Vendor List as GVL v3 JSON (English names in every language); another version is 404',
    access: PUBLIC,
    sessionless: true,
    params: z.object({
      version: z.string().regex(/^(LATEST|\d{1,6})$/i, VENDOR_LIST_VERSION_RULE),
      lang: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/i, VENDOR_LIST_LANG_RULE),
    }),
    response: RuntimeVendorList,
    cors: { kind: 'any' },
    cache: 'public-hour',
  }),
  googleVendors: defineRoute({
    method: 'GET',
    path: '/banner/google-vendors.json',
    summary: "Names and policy links of Google's ad-technology providers, for the second layer",
    access: PUBLIC,
    sessionless: true,
    response: RuntimeGoogleVendors,
    cors: { kind: 'any' },
    cache: 'public-hour',
  }),
  visit: defineRoute({
    method: 'POST',
    path: '/banner/visit',
    summary:
      "The visit beacon: one VisitEvent per page view (text/plain from sendBeacon, or JSON); 204 once stored, 403 for a page of another site than the property's, 429 past ASSENT_VISIT_RATE_LIMIT visits per minute from one address for one property",
    access: PUBLIC,
    sessionless: true,
    body: VisitBeacon,
    response: z.void(),
    responseKind: 'empty',
    cors: { kind: 'beacon' },
    cache: 'no-store',
    bodyLimit: VISIT_BODY_LIMIT,
    textBody: true,
  }),
  consent: defineRoute({
    method: 'POST',
    path: '/banner/consent',
    summary:
      "The consent beacon: one ConsentRecordBeacon per visitor choice (text/plain from sendBeacon, or JSON), kept as the proof of consent; 204 once stored, 403 for a page of another site than the property's (the visit beacon's origin rule, no credentials)",
    access: PUBLIC,
    sessionless: true,
    body: ConsentRecordBeacon,
    response: z.void(),
    responseKind: 'empty',
    cors: { kind: 'beacon' },
    cache: 'no-store',
    bodyLimit: CONSENT_RECORD_BODY_LIMIT,
    textBody: true,
  }),
  groupFrame: defineRoute({
    method: 'GET',
    path: '/banner/group/{pCode}/{group}/frame',
    summary:
      "Consent group storage page (iframe): keeps the group's consent in cookies on this server, framed only by the group's sites",
    access: PUBLIC,
    sessionless: true,
    params: Group,
    response: z.string(),
    responseKind: 'text',
    contentType: HTML_TYPE,
    cache: 'no-cache',
  }),
  groupRead: defineRoute({
    ...groupStorage,
    method: 'GET',
    summary: "Consent group storage API: the group's stored consent, for the group's sites",
    response: StoredConsentValues,
  }),
  groupWrite: defineRoute({
    ...groupStorage,
    method: 'PUT',
    summary: "Consent group storage API: stores the visitor's consent for the group's sites (204)",
    body: StoredConsentValues,
    response: z.void(),
    responseKind: 'empty',
    bodyLimit: GROUP_BODY_LIMIT,
  }),
  ampCheck: defineRoute({
    method: 'POST',
    path: '/banner/amp/{id}/check',
    summary:
      "amp-consent's checkConsentHref: whether the AMP page's visitor must be prompted; a stored accept or reject that stays valid is recorded as the page view's visit",
    access: PUBLIC,
    sessionless: true,
    params: PropertyId,
    query: z.object({ __amp_source_origin: z.string().optional() }),
    body: AmpConsentCheckRequest,
    response: AmpConsentCheckAnswer,
    cors: { kind: 'credentialed', origins: 'checked', refused: AMP_FOREIGN_ORIGIN },
    cache: 'no-store',
    bodyLimit: AMP_CHECK_BODY_LIMIT,
    textBody: true,
  }),
  ampPrompt: defineRoute({
    method: 'GET',
    path: '/banner/amp/{id}/prompt',
    summary: "amp-consent's promptUISrc: a page running the AMP prompt with the site's banner",
    access: PUBLIC,
    sessionless: true,
    params: PropertyId,
    response: z.string(),
    responseKind: 'text',
    contentType: HTML_TYPE,
    cache: 'revalidate',
  }),
};
