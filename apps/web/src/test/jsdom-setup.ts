/**
 * What jsdom lacks and Mantine's components ask for, for every web unit test (vitest
 * setupFiles): matchMedia (the colour scheme), ResizeObserver (scroll areas, tables) and
 * scrollIntoView (a Select's dropdown). The build scripts' tests run under Node: no window.
 */
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}
