import type { BannerRichRun, BannerUsTexts, UsChoice } from '@assent/core/runtime';
import { h, safeLink, toggle } from './dom';
import { TITLE_ID } from './first-layer';

function run(doc: Document, r: BannerRichRun): Node {
  let node: Node = (r.href && safeLink(doc, r.text, r.href)) || doc.createTextNode(r.text);
  if (r.b) node = h(doc, 'b', {}, node);
  if (r.i) node = h(doc, 'i', {}, node);
  if (r.u) node = h(doc, 'u', {}, node);
  return node;
}

/** The Do-Not-Sell body: paragraphs and lists of text runs, rendered as DOM (never as HTML). */
export function richText(doc: Document, blocks: BannerUsTexts['dnsBody']): HTMLElement {
  return h(
    doc,
    'div',
    {},
    ...blocks.map((b) =>
      'p' in b
        ? h(doc, 'p', {}, ...b.p.map((r) => run(doc, r)))
        : h(
            doc,
            'ul' in b ? 'ul' : 'ol',
            {},
            ...('ul' in b ? b.ul : b.ol).map((item) =>
              h(doc, 'li', {}, ...item.map((r) => run(doc, r))),
            ),
          ),
    ),
  );
}

/**
 * The US Do-Not-Sell screen: the theme's US texts and links, an opt-out switch, the consent step
 * for the sensitive data the publisher declares (one unticked box per category: no consent until
 * the visitor ticks it) and Confirm; once the visitor has chosen, the consent id of their record
 * ('Consent ID: …', as the settings show).
 */
export function renderUsScreen(
  doc: Document,
  us: BannerUsTexts,
  closeLabel: string,
  current: UsChoice,
  actions: { confirm(choice: Required<UsChoice>): void; close(): void },
  consentId?: { label: string; id: string },
): HTMLElement {
  let optedOut = current.optedOut;
  const consents = new Set(current.sensitiveConsents);
  const input = h(doc, 'input', {
    type: 'checkbox',
    role: 'switch',
    onchange: (e: Event) => (optedOut = (e.target as HTMLInputElement).checked),
  }) as HTMLInputElement;
  input.checked = optedOut;
  const sensitive = us.sensitive;
  const links = us.suppressLinks
    ? []
    : [us.deleteDataLink, us.accessDataLink, us.privacyPolicyLink].map(
        (l) => l && safeLink(doc, l.text, l.url),
      );
  return h(
    doc,
    'div',
    { class: 'dlg', 'data-view': 'us' },
    h(doc, 'button', { class: 'x', 'aria-label': closeLabel, onclick: () => actions.close() }, '×'),
    h(doc, 'h2', { id: TITLE_ID }, us.dnsTitle),
    richText(doc, us.dnsBody),
    h(doc, 'label', { class: 'tg' }, input, h(doc, 'span', {}, us.optOutLabel)),
    sensitive &&
      h(
        doc,
        'fieldset',
        { 'data-sensitive': '' },
        h(doc, 'legend', {}, sensitive.title),
        h(doc, 'p', {}, sensitive.intro),
        ...sensitive.categories.map((c) =>
          toggle(doc, c.name, consents.has(c.id), (on) =>
            on ? consents.add(c.id) : consents.delete(c.id),
          ),
        ),
      ),
    h(
      doc,
      'div',
      { class: 'bs' },
      h(
        doc,
        'button',
        {
          class: 'b p',
          'data-action': 'confirm',
          onclick: () =>
            actions.confirm({ optedOut, sensitiveConsents: [...consents].sort((a, b) => a - b) }),
        },
        us.confirmLabel,
      ),
    ),
    h(doc, 'div', { class: 'ft' }, ...links),
    consentId &&
      h(doc, 'p', { class: 'cid' }, `${consentId.label}: `, h(doc, 'output', {}, consentId.id)),
  );
}
