import '@mantine/core/styles.css';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FormRenderer, type FormRendererProps } from './form-renderer';

/**
 * Mounts the renderer on its own (React, Mantine pieces, renderer and core engine, nothing of the portal), for
 * pages that only show one form: the applicant's page or an institution's site. `bench/form-render.ts` builds
 * this entry to measure the applicant-facing JavaScript. Returns the unmount function.
 */
export function mountFormRenderer(
  container: HTMLElement,
  props: FormRendererProps,
  theme?: MantineThemeOverride,
): () => void {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <FormRenderer {...props} />
      </MantineProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
