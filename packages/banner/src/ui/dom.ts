import { isSafeLink } from '@assent/core/runtime';

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/**
 * Builds an element. Text is always set as text nodes (publisher text never becomes HTML);
 * `on*` attributes become listeners; an `href` that is not http(s) is dropped.
 */
export function h(
  doc: Document,
  tag: string,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElement {
  const el = doc.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function')
      el.addEventListener(key.slice(2), value);
    else if (key === 'href' && !isSafeLink(String(value))) continue;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const c of children)
    if (c !== null && c !== undefined && c !== false)
      el.append(typeof c === 'object' ? c : doc.createTextNode(String(c)));
  return el;
}

/** A link to a publisher URL, or nothing when the URL is not http(s). */
export function safeLink(doc: Document, text: string, url: string | undefined): HTMLElement | null {
  if (!url || !isSafeLink(url)) return null;
  return h(doc, 'a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, text);
}

/** A checkbox with its label; `onchange` receives the new state. */
export function toggle(
  doc: Document,
  label: string,
  checked: boolean,
  onchange: (checked: boolean) => void,
): HTMLElement {
  const input = h(doc, 'input', {
    type: 'checkbox',
    role: 'switch',
    onchange: (e: Event) => onchange((e.target as HTMLInputElement).checked),
  }) as HTMLInputElement;
  input.checked = checked;
  return h(doc, 'label', { class: 'tg' }, input, h(doc, 'span', {}, label));
}
