// Mantine's stylesheet for what the applicant's pages use, not all of it (a quarter of the bytes to parse on a phone)
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Badge.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplicantApp } from '../../features/applicant/applicant-app';
import { createApplicantApi, readInlineForm } from '../../features/applicant/lib/applicant-api';
import { createApplicantHttp } from '../../features/applicant/lib/applicant-http';
import { parseApplicantPath } from '../../features/applicant/lib/applicant-routes';
import { cssVariablesResolver } from '../css-variables';

/**
 * The applicant's pages (issue 12): a lean entry of their own, without the portal's shell, router, query cache or
 * texts. The server puts the public API key into the page's meta tag; every call sends it as x-api-key.
 */
const apiKey = document.querySelector<HTMLMetaElement>('meta[name="under-api-key"]')?.content ?? '';
// the active form, inlined by the server: the first page does not wait for a call after the script (decision 040)
const api = createApplicantApi(createApplicantHttp({ apiKey }), readInlineForm(document));
/** Not the portal's theme (its texts would come along): Mantine's blue, a shade dark enough for white text. */
const theme = createTheme({ primaryColor: 'blue', primaryShade: 8, defaultRadius: 'md', respectReducedMotion: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ApplicantApp api={api} route={parseApplicantPath(window.location.pathname)} />
    </MantineProvider>
  </StrictMode>,
);
