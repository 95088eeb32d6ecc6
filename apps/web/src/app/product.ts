/**
 * The operator's product names and links. The ad-platform links are build-time settings (Vite env
 * variables); the help target is the server's (`ASSENT_HELP_URL`, behind /help).
 */
import { HELP_CENTER_PATH } from '@assent/core';

export const PRODUCT_NAME = 'Assent';
/** The {product} of /protect/{product}-products and of the {PRODUCT}_SSP banner event. */
export const PRODUCT_SLUG = 'assent';

const env = import.meta.env as Record<string, string | undefined>;

/** The Help Center floating button's target: /help, which the server redirects to its help target. */
export const HELP_CENTER_URL = HELP_CENTER_PATH;
/** The supply-side platform the monetisation page promotes. @default the help centre */
export const SSP_PORTAL_URL = env.VITE_ASSENT_SSP_URL || HELP_CENTER_URL;
/** 'Visit Support & Resources' on the monetisation page. @default the help centre */
export const SSP_RESOURCES_URL = env.VITE_ASSENT_SSP_RESOURCES_URL || HELP_CENTER_URL;
