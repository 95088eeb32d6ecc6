import { browserDeps, init } from '../cmp';
import type { InitOptions } from '../cmp';
import { startFromLoader, takePendingBoot, warmCodeCache } from '../loader/loader';
import { readBoot } from './boot';

// Lazy chunks load from next to this script.
const base = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;
const report = (e: unknown) => console.error('[assent]', e);
const start = (boot: InitOptions) =>
  void init(
    boot,
    browserDeps(window, () => import(/* @vite-ignore */ new URL('second-layer.js', base).href)),
  ).catch(report);
// The configuration inlined (the theme preview, /banner/static/cmp.js with a boot element), else
// the one cmp.js's loader fetches.
const boot = readBoot(document);
const pending = boot ? undefined : takePendingBoot(window);
if (boot) start(boot);
else if (pending) {
  startFromLoader(window, pending, start, report);
  // A second run of this file finds no configuration to take and does nothing.
  if (document.currentScript) warmCodeCache(window, base);
}
