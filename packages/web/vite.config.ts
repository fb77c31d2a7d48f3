import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The dev server falls back to the root index.html for every unknown path; admin deep links
 * (/admin/pdf-mapping) need admin/index.html instead, as the production server does.
 */
function adminDeepLinks(): Plugin {
  return {
    name: 'under-admin-deep-links',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        const isPage = req.headers.accept?.includes('text/html') && !/\.[a-z0-9]+($|\?)/i.test(url);
        if (isPage && (url === '/admin' || url.startsWith('/admin/'))) req.url = '/admin/index.html';
        else if (isPage && /^\/application-form(-successfully)?\//.test(url)) req.url = '/applicant/index.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), adminDeepLinks()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        client: fileURLToPath(new URL('./index.html', import.meta.url)),
        admin: fileURLToPath(new URL('./admin/index.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
