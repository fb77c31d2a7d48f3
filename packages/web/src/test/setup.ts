import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * jsdom lacks a few browser APIs Mantine reads. Loaded for every web test by the root vitest config
 * (setupFiles); older tests also import it first, which is harmless.
 */

// Lazy pages load their chunks on first render; on a busy 2-core machine that takes more than
// Testing Library's default second, and a slow machine is not a failing feature.
configure({ asyncUtilTimeout: 10_000 });
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
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// Mantine's Textarea autosize waits for document.fonts.ready
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  cleanup();
  // Mantine's notifications live in a module-level store: files that share a module graph (decision 082) must not
  // see another test's notification
  notifications.clean();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
