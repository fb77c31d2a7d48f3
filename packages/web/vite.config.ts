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

/**
 * In development the applicant pages get the public API key from PUBLIC_API_KEY (the server reads the same variable):
 * `PUBLIC_API_KEY=some-long-key npm run dev`. In production the server fills it in (plugins/spa.ts).
 */
function devApiKey(): Plugin {
  return {
    name: 'under-dev-api-key',
    apply: 'serve',
    transformIndexHtml(html) {
      const key = (process.env.PUBLIC_API_KEY ?? '').replace(/[^A-Za-z0-9_-]/g, '');
      return html.replace('<meta name="under-api-key" content="" />', `<meta name="under-api-key" content="${key}" />`);
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), adminDeepLinks(), devApiKey()],
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
