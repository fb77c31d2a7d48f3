import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: the client app at `/`, the admin app at `/admin/`. A deep link that
 * is no file gets its app's index.html, so the router can show the page (or its 404).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
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
    return reply.sendFile(isAdmin ? 'admin/index.html' : 'index.html');
  });
}
