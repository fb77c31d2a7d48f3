import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Shared by the portal and the applicant's pages (no texts here: the applicant's lean entry imports it).
 * Mantine's dimmed text (gray 6, #868e96) has a 3.3:1 contrast on white, below WCAG AA's 4.5:1;
 * #5f666d (5.9:1) keeps secondary text quiet and readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    // Mantine's red 6 (3.6:1) and placeholder grey (2.9:1) are below 4.5:1 on white; errors and hints must be read.
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#5f666d',
  },
  dark: {},
});
