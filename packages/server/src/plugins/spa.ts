import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance } from 'fastify';

/** The applicant's pages (issue 12): their own lean entry, `applicant/index.html`. */
export function isApplicantPage(url: string): boolean {
  return /^\/application-form(-successfully)?(\/|$)/.test(url);
}

/** The placeholder of the applicant entry's `<meta name="under-api-key">`, filled in when the page is served. */
const API_KEY_META = /<meta name="under-api-key" content="[^"]*"\s*\/?>/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app: the client app at `/`, the admin app at `/admin/`, the applicant's pages at
 * `/application-form/…` and `/application-form-successfully/…` (with the public API key their calls send as
 * x-api-key, spec 1 §6). A deep link that is no file gets its app's index.html, so the router can show the page (or
 * its 404).
 */
export async function registerSpa(app: FastifyInstance, webDist: string, options: { publicApiKey?: string } = {}) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      // a directory (`/admin/`) is no file: let the fallback below serve its app
      allowedPath: (pathName) => !pathName.endsWith('/'),
      setHeaders(res, file) {
        // hashed assets never change; HTML must be fetched again so a deploy is seen at once
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ statusCode: 404, code: ERROR_CODES.notFound, message: MESSAGES.http404 });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const isAdmin = url === '/admin' || url.startsWith('/admin/');
    reply.header('cache-control', 'no-cache');
    const applicantHtml = path.join(webDist, 'applicant', 'index.html');
    if (isApplicantPage(url) && existsSync(applicantHtml)) {
      const html = readFileSync(applicantHtml, 'utf8').replace(
        API_KEY_META,
        `<meta name="under-api-key" content="${escapeAttribute(options.publicApiKey ?? '')}" />`,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    }
    return reply.sendFile(isAdmin ? 'admin/index.html' : 'index.html');
  });
}
