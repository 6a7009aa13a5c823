import { createElement, use, type ComponentType, type ReactNode } from 'react';

/** A component whose code is loaded on first use, or earlier through `preload`. */
export interface LazyPage<Props extends object> {
  (props: Props): ReactNode;
  /** Starts loading the code; once it resolves the component renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * Like React.lazy, but the code can be fetched ahead of time: React.lazy suspends on its first
 * render even when the module is already in the browser, and a suspended page is revealed only
 * after React's fallback delay. Navigating after `preload()` shows the page at once.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    loading ??= load().then((module) => {
      loaded = module.default;
    });
    return loading;
  };
  function Page(props: Props): ReactNode {
    if (loaded === undefined) use(preload());
    return loaded === undefined ? null : createElement(loaded, props);
  }
  return Object.assign(Page, { preload });
}
