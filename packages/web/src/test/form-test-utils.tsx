import './setup';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import type { ReactElement } from 'react';
import { theme } from '../app/theme';

/** Renders inside Mantine in test mode (no transitions, no portals). */
export function renderWithMantine(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

/** A parsed form from components; throws with the problems when the definition is invalid. */
export function buildForm(components: unknown[], display: 'form' | 'wizard' = 'form') {
  const result = parseFormDefinition({ version: 1, display, components });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.form;
}
