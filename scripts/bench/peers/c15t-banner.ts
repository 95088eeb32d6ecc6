/**
 * The c15t peer of scripts/bench/banner.ts: c15t's headless runtime (offline mode: consent kept
 * in the browser, as our runtime keeps it) with the vanilla first layer of c15t's "Building UI"
 * guide, bundled by the bench with esbuild.
 */
import { getOrCreateConsentRuntime } from 'c15t';

const { consentStore } = getOrCreateConsentRuntime({
  mode: 'offline',
  consentCategories: ['necessary', 'measurement', 'marketing'],
  overrides: { country: 'FR' },
});

const banner = document.createElement('div');
banner.id = 'c15t-banner';
banner.setAttribute('role', 'dialog');
banner.setAttribute('aria-label', 'Cookie consent');
banner.style.cssText =
  'position:fixed;bottom:0;left:0;right:0;padding:16px;background:#fff;border-top:1px solid #ccc;font:14px sans-serif';
banner.innerHTML = `<h2>We value your privacy</h2>
<p>We and our partners store and access information on your device, such as cookies, to measure and improve our site and to show ads. You can accept, reject or choose.</p>
<div><button id="c15t-accept">Accept all</button> <button id="c15t-reject">Reject all</button> <button id="c15t-customize">Customize</button></div>`;
banner.querySelector('#c15t-accept')!.addEventListener('click', () => {
  void consentStore.getState().saveConsents('all');
});
banner.querySelector('#c15t-reject')!.addEventListener('click', () => {
  void consentStore.getState().saveConsents('necessary');
});
banner.querySelector('#c15t-customize')!.addEventListener('click', () => {
  consentStore.getState().setActiveUI('dialog');
});

const show = (ui: string) => {
  if (ui === 'banner' && !banner.isConnected) document.body.appendChild(banner);
  if (ui !== 'banner' && banner.isConnected) banner.remove();
};
show(consentStore.getState().activeUI);
consentStore.subscribe((state) => show(state.activeUI));
