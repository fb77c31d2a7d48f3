import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The applicant's pages (issue 12) are built on their own, after the portal (`npm run build`), into the same dist:
 * built with the portal they would share its chunks, and a shared chunk carries more than the applicant needs. Alone,
 * the first page loads one script of its own plus the lazy ones it asks for (decision 040: <= 120 KB gzip).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // the portal's build just filled dist: keep it
    emptyOutDir: false,
    // every browser the pages support has <link rel="modulepreload">: the polyfill is bytes on the first page
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { applicant: fileURLToPath(new URL('./applicant/index.html', import.meta.url)) },
    },
  },
});
