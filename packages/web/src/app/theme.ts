import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { PRIMARY_COLOR } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';

/** Ten shades around the spec's orange (#ff9b3f, spec 1 §9), which is shade 5. */
const brand: MantineColorsTuple = [
  '#fff4e9',
  '#ffe7d2',
  '#ffcea3',
  '#ffb470',
  '#ffa552',
  PRIMARY_COLOR,
  '#f08a2c',
  '#cc7122',
  '#a3591a',
  '#7a4212',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 5,
  colors: { brand },
  // Orange is too light for white text; Mantine picks dark text on it instead (WCAG contrast).
  autoContrast: true,
  defaultRadius: 'md',
  // a user who asked the system for less motion gets no transitions (WCAG 2.3.3)
  respectReducedMotion: true,
  components: {
    // Links in the brand orange would be unreadable on white; a darker shade of it keeps 4.5:1.
    Anchor: { defaultProps: { c: 'brand.9' } },
    // Icon-only close buttons need a name for screen readers (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': UI_TEXT.closeDialog } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': UI_TEXT.closeDialog } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': UI_TEXT.closeDialog } } },
  },
});

export { cssVariablesResolver } from './css-variables';
