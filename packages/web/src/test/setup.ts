import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load lazily; on a loaded two-core CI machine a route's chunk can take over the default
// second to import, which would fail a find* that is only waiting. Waiting longer costs nothing
// when the element comes, and a test still fails when it never does.
configure({ asyncUtilTimeout: 5000 });

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
