import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom leaves out a few browser APIs antd reads while laying out menus, modals and grids.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStandIn {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStandIn });
}

// A test that forgot its server stand-in (test/fetch-stand-in.ts) must fail, not reach the network.
globalThis.fetch = () => Promise.reject(new Error('no fetch stand-in installed for this test'));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
