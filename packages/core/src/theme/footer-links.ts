import { LINK_TEXT_REQUIRED, LINK_URL_INVALID } from '../messages';
import type { Issue } from '../validation';
import { isBlank, isValidUrl, issue, noAngleBrackets } from '../validation';
import { tooManyFooterLinks } from './messages';
import { safeText } from './texts';

/** A footer link as the forms hold it; Advanced and Consent-or-Pay entries use label/link. */
export interface LinkPair {
  text: string;
  url: string;
}

/** How many footer links each form allows (the first is the privacy policy). */
export const FOOTER_LINK_LIMITS = { site: 2, app: 3, bulk: 3, languageEntry: 2 } as const;
export type FooterLinkContext = keyof typeof FOOTER_LINK_LIMITS;

/** The first footer entry is reserved for the privacy policy link. */
export const PRIVACY_POLICY_LINK_INDEX = 0;
export const isPrivacyPolicyLink = (index: number): boolean => index === PRIVACY_POLICY_LINK_INDEX;

const isEmptyPair = (link: LinkPair) => isBlank(link.text) && isBlank(link.url);

/**
 * A link pair: text and URL each require the other ('Link text is required', 'Link URL is not
 * valid'); the URL must be valid; the text has no '<' or '>' and nothing that could run as script.
 * A pair left entirely empty is no link and passes.
 */
export function validateLinkPair(link: LinkPair, fields: { text: string; url: string }): Issue[] {
  if (isEmptyPair(link)) return [];
  const issues: Issue[] = [];
  if (isBlank(link.text)) issues.push(issue(fields.text, 'required', LINK_TEXT_REQUIRED));
  else {
    const brackets = noAngleBrackets(fields.text, link.text);
    if (brackets) issues.push(brackets);
    else {
      const unsafe = safeText(fields.text, link.text);
      if (unsafe) issues.push(unsafe);
    }
  }
  if (isBlank(link.url) || !isValidUrl(link.url.trim())) {
    issues.push(issue(fields.url, isBlank(link.url) ? 'required' : 'url', LINK_URL_INVALID));
  }
  return issues;
}

/** Every pair of a footer-link list and the list's limit; fields are `${field}.${i}.text|url`. */
export function validateFooterLinks(
  links: readonly LinkPair[],
  context: FooterLinkContext,
  field: string,
  keys: { text: string; url: string } = { text: 'text', url: 'url' },
): Issue[] {
  const max = FOOTER_LINK_LIMITS[context];
  const issues = links.flatMap((link, i) =>
    validateLinkPair(link, {
      text: `${field}.${i}.${keys.text}`,
      url: `${field}.${i}.${keys.url}`,
    }),
  );
  if (links.length > max) issues.push(issue(field, 'maxItems', tooManyFooterLinks(max)));
  return issues;
}

/** 'Add one' is offered while the list is below its limit. */
export const canAddFooterLink = (links: readonly unknown[], context: FooterLinkContext): boolean =>
  links.length < FOOTER_LINK_LIMITS[context];

/** 'Add one': a new empty row, when the limit allows. */
export function addFooterLink<T>(links: readonly T[], context: FooterLinkContext, empty: T): T[] {
  return canAddFooterLink(links, context) ? [...links, empty] : [...links];
}

/** 'Remove one': the row and its values go; the privacy policy row stays (it is cleared instead). */
export function removeFooterLink<T>(links: readonly T[], index: number, empty: T): T[] {
  if (isPrivacyPolicyLink(index)) return links.map((l, i) => (i === index ? empty : l));
  return links.filter((_, i) => i !== index);
}

/**
 * Trailing rows left entirely empty are not sent. Earlier empty rows stay, so the privacy policy
 * keeps the first position.
 */
export function compactLinks<T extends LinkPair>(links: readonly T[]): T[] {
  let end = links.length;
  while (end > 0 && isEmptyPair(links[end - 1] as T)) end -= 1;
  return links.slice(0, end);
}
