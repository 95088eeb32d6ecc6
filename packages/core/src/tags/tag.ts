import { z } from 'zod';

export const TagType = z.enum(['universal', 'site', 'amp']);
export type TagType = z.infer<typeof TagType>;

export const TAG_TITLES: Record<TagType, string> = {
  universal: 'Your Universal Tag',
  site: 'Your Site Tag',
  amp: 'Your Choice AMP Tag',
};

export const TagQuery = z.object({
  pCode: z.string().min(1),
  type: TagType,
  /** The property (uuid) for site and AMP tags. */
  id: z.string().optional(),
  /** AMP only: add the persistent consent link. */
  persistentLink: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});

/** A tag as the console's dialogs and the CLI show it. */
export const TagResponse = z.object({
  type: TagType,
  title: z.string(),
  /** The snippet to paste (the `<head>` script, or the AMP `<amp-consent>` element). */
  snippet: z.string(),
  /** AMP only: the styles block for the page head. */
  styles: z.string().nullable(),
  instructions: z.array(z.string()),
});
export type TagResponse = z.infer<typeof TagResponse>;

export const TCF_TAG_TAB = 'TCF 2.0 Tag';
export const DISPLAY_PERSISTENT_LINK = 'Display persistent consent link';

/**
 * An app has no web tag: the tag endpoint refuses one and the CLI says so (our wording; the spec
 * offers apps the SDK download only).
 */
export const APP_USES_SDK =
  "Apps do not use a web tag: an app shows its consent banner through the Assent SDK, which loads the runtime by the app's package id. Download it with DOWNLOAD SDK in the console (GET /customization/v2/app/sdk).";

/** Why a property has no tag of this kind, if it has none: apps use the SDK. */
export const tagRefusal = (property: { propertyType: 'SITE' | 'APP' }): string | undefined =>
  property.propertyType === 'APP' ? APP_USES_SDK : undefined;
