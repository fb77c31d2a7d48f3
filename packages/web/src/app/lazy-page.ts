import type { ComponentType } from 'react';

/**
 * Route `lazy` for a page module: each page is its own chunk, fetched on first visit while the root
 * layout shows the global spinner (navigation state 'loading').
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}
