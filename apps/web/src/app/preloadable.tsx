import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { createElement, lazy, useState } from 'react';

/** A lazily loaded component whose module can be loaded ahead (`preload`). */
export type PreloadableComponent<P extends object = never> = ((props: P) => ReactNode) & {
  /** Loads the module (once); settles when it is in. */
  preload(): Promise<void>;
  /** The module's source path from the web app's root (the build manifest's key). */
  source: string;
};

/**
 * `React.lazy` that renders the module at once, without suspending, when it was loaded before the
 * element first rendered (`preload`). React hydrates a server-rendered page in one pass only if
 * nothing suspends: a lazy element always suspends on its first render (React reads the module in
 * a microtask), so hydration would stop at it and start again once it is in. An element first
 * rendered before the module is in stays a lazy one (switching it would remount the page).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: (props: P) => ReactNode }>,
  source: string,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(() =>
    start().then((component) => ({ default: component })),
  );
  function Preloadable(props: P) {
    const [component] = useState<ComponentType<P> | typeof Lazy>(() => loaded ?? Lazy);
    return createElement(component as ComponentType<P>, props);
  }
  return Object.assign(Preloadable, { preload: () => start().then(() => {}), source });
}
