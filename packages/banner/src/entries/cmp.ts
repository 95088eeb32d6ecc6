import { browserDeps, init } from '../cmp';
import type { InitOptions } from '../cmp';
import type { keepFast } from '../loader/keep';
import type { PendingBoot } from '../loader/loader';
import { startFromLoader, takePendingBoot, warmCodeCache } from '../loader/loader';
import { readBoot } from './boot';

// Lazy chunks load from next to this script.
const base = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;
const report = (e: unknown) => console.error('[assent]', e);
const chunk = <T>(file: string) =>
  import(/* @vite-ignore */ new URL(file, base).href) as Promise<T>;
/**
 * Keeps the answers of the loader's fast path for the next page view (loader/keep.ts, a lazy
 * chunk), when the page is idle (at most 5 s); without idle callbacks (Safari), every page view
 * runs the runtime. Failures (storage full or blocked) only cost the next page view its fast path.
 */
const keep = (pending: PendingBoot, text: string, boot: InitOptions) =>
  window.requestIdleCallback?.(
    () =>
      void chunk<{ keepFast: typeof keepFast }>('keep.js')
        .then((m) => m.keepFast(window, pending, text, boot, init))
        .catch(() => {}),
    { timeout: 5000 },
  );
const start = (boot: InitOptions, pending?: PendingBoot, text?: string) => {
  const deps = browserDeps(window, () => chunk('second-layer.js'));
  const send = deps.sendBeacon;
  deps.sendBeacon = (url, body) => {
    // After the loader's fast path, this page view's visit beacon has gone.
    if (!(pending?.fast && url === boot.endpoints.visit)) send(url, body);
    // A choice (its consent record): keep the answers for the next page view.
    if (pending && text && url === boot.endpoints.consent) keep(pending, text, boot);
  };
  void init(boot, deps)
    .then((api) => {
      if (pending?.fast?.reopen) void api.reopen();
      // While the banner asks there is no choice to keep answers for: keep.js waits for it
      // (the consent beacon above), so a first visit does not download it.
      else if (pending && text && api.state().phase !== 'prompting') keep(pending, text, boot);
    })
    .catch(report);
};
// The configuration inlined (the theme preview, /banner/static/cmp.js with a boot element), else
// the one cmp.js's loader fetches.
const boot = readBoot(document);
const pending = boot ? undefined : takePendingBoot(window);
if (boot) start(boot);
else if (pending) {
  startFromLoader(window, pending, (b, text) => start(b, pending, text), report);
  // A second run of this file finds no configuration to take and does nothing.
  if (document.currentScript) warmCodeCache(window, base);
}
