import { OkResponseSchema } from '@under/core/auth/auth.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { FilesService } from './files.service';

// the token rides in the query: it is longer than a path parameter may be
const TokenQuerySchema = z.strictObject({ token: z.string().max(2000) });

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
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.put(
      '/api/files',
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          querystring: TokenQuerySchema,
          response: { 200: OkResponseSchema.extend({ size: z.number() }) },
        },
      },
      async (req, reply) => {
        const declared = Number(req.headers['content-length']);
        try {
          const stored = await files.receiveUpload({
            token: req.query.token,
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
      },
    );

    r.get(
      '/api/files',
      { config: { access: 'public' }, schema: { tags: ['files'], querystring: TokenQuerySchema } },
      async (req, reply) => {
        const file = await files.openDownload(req.query.token);
        // a key's bytes never change (every upload gets a new key), so the browser may keep them
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline')
          .send(file.body);
      },
    );
  });
}
