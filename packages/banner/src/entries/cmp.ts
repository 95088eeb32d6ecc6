import { browserDeps, init } from '../cmp';
import { readBoot } from './boot';

// Lazy chunks load from next to this script.
const base = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;
const boot = readBoot(document);
if (boot)
  void init(
    boot,
    browserDeps(window, () => import(/* @vite-ignore */ new URL('second-layer.js', base).href)),
  ).catch((e: unknown) => console.error('[assent]', e));
