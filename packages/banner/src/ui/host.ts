import type { BannerLinkLocation } from '@assent/core/runtime';
import { h } from './dom';
import { trapFocus } from './modal';

/**
 * The banner's shadow root on the page: one host element, the theme CSS and the publisher's custom
 * CSS (scoped to the shadow root), the modal overlay and the persistent link.
 */
export function createHost(doc: Document, css: string, customCss: string) {
  const host = doc.createElement('div');
  host.id = 'assent-cmp';
  const root = host.attachShadow({ mode: 'open' });
  const style = (text: string) => {
    const el = doc.createElement('style');
    el.textContent = text;
    return el;
  };
  const wrapper = h(doc, 'div', { class: 'r' });
  root.append(style(css), ...(customCss ? [style(customCss)] : []), wrapper);
  const attach = () => {
    if (!host.isConnected) doc.body.appendChild(host);
  };
  let release: (() => void) | undefined;
  let overlay: HTMLElement | undefined;
  let link: HTMLElement | undefined;

  return {
    root,
    showDialog(dialog: HTMLElement, banner: boolean) {
      attach();
      release?.();
      overlay?.remove();
      overlay = h(doc, 'div', { class: banner ? 'ov bn' : 'ov' }, dialog);
      wrapper.append(overlay);
      release = trapFocus(dialog, 'assent-title');
    },
    hideDialog() {
      overlay?.remove();
      overlay = undefined;
      release?.();
      release = undefined;
    },
    showLink(label: string, location: BannerLinkLocation, onclick: () => void) {
      attach();
      link?.remove();
      link = h(doc, 'button', { class: `pl ${location}`, 'data-action': 'reopen', onclick }, label);
      wrapper.append(link);
    },
    hideLink() {
      link?.remove();
      link = undefined;
    },
  };
}
