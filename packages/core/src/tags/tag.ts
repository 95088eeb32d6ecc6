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
