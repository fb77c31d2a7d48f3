import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance } from 'fastify';

/** The id of the applicant page's `<script type="application/json">` holding the public form (decision 040). */
export const PUBLIC_FORM_SCRIPT_ID = 'under-public-form';

/** The applicant's pages (issue 12) and the public verify page (issue 13): their own lean entry, `applicant/index.html`. */
function isApplicantPage(url: string): boolean {
  return /^\/application-form(-successfully)?(\/|$)/.test(url) || /^\/verify\/?(\?|$)/.test(url);
}

/** The placeholder of the applicant entry's `<meta name="under-api-key">`, filled in when the page is served. */
const API_KEY_META = /<meta name="under-api-key" content="[^"]*"\s*\/?>/;

/** The form id of an applicant page's path (`/application-form/{id}…`, `/application-form-successfully/{id}`). */
function customFormIdOf(url: string): string | undefined {
  const id = /^\/application-form(?:-successfully)?\/([0-9a-fA-F-]{36})(?:\/|$)/.exec(url)?.[1];
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or `<!--`), and no U+2028
 * or U+2029; the browser never runs it (the CSP allows only scripts from files), the page parses it.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app: the client app at `/`, the admin app at `/admin/`, the applicant's pages at
 * `/application-form/…` and `/application-form-successfully/…` (with the public API key their calls send as
 * x-api-key, spec 1 §6). A deep link that is no file gets its app's index.html, so the router can show the page (or
 * its 404).
 */
interface SpaOptions {
  publicApiKey?: string;
  /**
   * The public form (GET /api/public/custom_forms/{id}) of an active form, inlined into the applicant page so its
   * first page does not wait for the script and then for the call (decision 040). Anything it throws leaves the
   * page without it: the page then calls the API and shows that answer (inactive form, not found).
   */
  publicForm?: (customFormId: string) => Promise<unknown>;
}

export async function registerSpa(app: FastifyInstance, webDist: string, options: SpaOptions = {}) {
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

  app.setNotFoundHandler(async (request, reply) => {
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
      let inline = '';
      const customFormId = customFormIdOf(url);
      if (customFormId && options.publicForm) {
        // only the form, as the public API gives it to anyone with the page's key: never an application or a code
        const form = await options.publicForm(customFormId).catch(() => undefined);
        if (form !== undefined) {
          inline = `<script type="application/json" id="${PUBLIC_FORM_SCRIPT_ID}">${jsonForScript(form)}</script>`;
        }
      }
      const html = readFileSync(applicantHtml, 'utf8').replace(
        API_KEY_META,
        () => `<meta name="under-api-key" content="${escapeAttribute(options.publicApiKey ?? '')}" />${inline}`,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    }
    return reply.sendFile(isAdmin ? 'admin/index.html' : 'index.html');
  });
}
