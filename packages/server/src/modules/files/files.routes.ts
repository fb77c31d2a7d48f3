import { FILES_API } from '@under/core/api/files.contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../../plugins/route';
import type { FilesService } from './files.service';

/**
 * Signed file URLs (`/api/files?token=…`): the signature is the credential, so the routes are public. Uploads
 * are read as a stream, never buffered by Fastify: the limit, the empty check and the magic-byte check run
 * while it arrives, and a refused upload leaves nothing behind. Whether an upload URL was already used is the
 * database's to say (files.service.ts).
 */
export function registerFileRoutes(app: FastifyInstance, deps: { files: FilesService }) {
  const { files } = deps;

  app.register(async (scope) => {
    // In this scope every body, whatever its content type, is left unread for the handler to stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    defineRoute(scope, FILES_API.upload, { access: 'public' }, async ({ req, reply, query }) => {
      const declared = Number(req.headers['content-length']);
      try {
        const stored = await files.receiveUpload({
          token: query.token,
          body: req.raw,
          declaredLength: Number.isFinite(declared) ? declared : undefined,
        });
        return { ok: true as const, size: stored.size };
      } catch (err) {
        if (err instanceof AppError) {
          // the rest of the body will not be read: close the connection rather than drain it
          reply.header('connection', 'close');
          req.raw.resume();
        }
        throw err;
      }
    });

    defineRoute(scope, FILES_API.download, { access: 'public' }, async ({ reply, query }) => {
      const file = await files.openDownload(query.token);
      // a key's bytes never change (every upload gets a new key), so the browser may keep them
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(file.body);
    });
  });
}
