import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page in a chunk of its own, which can be loaded ahead of rendering. */
export type Page = ComponentType & { preload: () => Promise<void> };

// Every page is its own chunk, so a visitor downloads only what the page in front of them needs.
// Once `preload` has run, the page renders its module directly instead of suspending: the server
// renders it in one pass, and the browser hydrates it without a fallback in between. Making one has
// no effect of its own, so a page no route of a build shows is left out of that build.
/* @__NO_SIDE_EFFECTS__ */
export function page<T, K extends keyof T>(load: () => Promise<T>, name: K & (T[K] extends ComponentType ? K : never)): Page {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
    });
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  function PageComponent() {
    const Component = loaded ?? Lazy;
    return <Component />;
  }
  return Object.assign(PageComponent, { preload });
}
