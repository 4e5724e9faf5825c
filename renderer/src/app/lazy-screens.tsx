import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/*
 * Screens the desk's first paint does not need (Settings, setup, history, the desks, shortcuts,
 * About) ship as scripts of their own: the first screen does not wait to download and compile
 * them. Each is fetched the first time it is shown, and ahead of that once the desk is idle, so
 * the first F2 does not wait either. A new secondary screen or drawer:
 *
 *   export const StatisticsDrawer = lazyScreen(() => import('../statistics/statistics-drawer').then((module) => module.StatisticsDrawer));
 *
 * then render it inside `<ShownOnceAsked asked={open}>` (a drawer or dialog: mounted the first
 * time it is asked for, kept after so its state stays) or `<ScreenLoading>` (a main-area screen).
 */

/** Every lazy screen's loader, fetched ahead by `preloadScreens`. */
const loaders: Array<() => Promise<unknown>> = [];

/** A component whose script is fetched when it is first rendered (or preloaded). */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  loaders.push(load);
  return lazy(async () => ({ default: await load() }));
}

/** Fetches every lazy screen's script (once: the browser keeps each module). */
export function preloadScreens(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

/** Fetches the lazy screens once the page is idle after its first paint. */
export function usePreloadScreensWhenIdle(): void {
  useEffect(() => {
    const handle = requestIdleCallback(preloadScreens, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }, []);
}

/** A main-area screen while its script arrives: the skeleton the main area shows while loading. */
export function ScreenLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{children}</Suspense>;
}

/** Mounts a lazy drawer or dialog the first time it is asked for, and keeps it mounted (its own state stays, as before it was lazy). */
export function ShownOnceAsked({ asked, children }: { asked: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(asked);
  if (asked && !seen) setSeen(true);
  return seen || asked ? <Suspense fallback={null}>{children}</Suspense> : null;
}
