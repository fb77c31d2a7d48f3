import { OkResponseSchema } from '@under/core/auth/auth.schema';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { UrlSigner } from '../../infra/storage/signed-url';
import { type Storage, sniffImage, sniffPdf, UploadRejected } from '../../infra/storage/storage';

// the token rides in the query: it is longer than a path parameter may be
const TokenQuerySchema = z.strictObject({ token: z.string().max(2000) });

const REJECTIONS = {
  'too-large': () => new AppError(413, 'file/too-large', MESSAGES.fileTooLarge),
  empty: () => new AppError(400, 'file/empty', MESSAGES.fileEmpty),
  type: () => new AppError(415, 'file/type', MESSAGES.fileTypeNotSupported),
} as const;

function verified(signer: UrlSigner, token: string, method: 'PUT' | 'GET') {
  const result = signer.verify(token, method);
  if (result.ok) return result.claims;
  if (result.reason === 'expired') throw new AppError(403, 'file/url-expired', MESSAGES.urlExpired);
  throw new AppError(403, 'file/url-invalid', MESSAGES.urlExpired);
}

/**
 * Signed file URLs (`/api/files?token=…`): the signature is the credential, so the routes are public. Uploads
 * are read as a stream, never buffered by Fastify: the limit, the empty check and the magic-byte check run
 * while it arrives, and a refused upload leaves nothing behind.
 */
export function registerFileRoutes(app: FastifyInstance, deps: { storage: Storage; signer: UrlSigner }) {
  const { storage, signer } = deps;

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
        const claims = verified(signer, req.query.token, 'PUT');
        const maxBytes = Math.min(claims.n ?? UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);
        const refuse = (err: AppError) => {
          // the rest of the body will not be read: close the connection rather than drain it
          reply.header('connection', 'close');
          req.raw.resume();
          throw err;
        };
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) refuse(REJECTIONS['too-large']());
        if (declared === 0) refuse(REJECTIONS.empty());
        if (await storage.stat(claims.k)) refuse(new AppError(409, 'file/exists', MESSAGES.urlExpired));
        try {
          const stored = await storage.put(claims.k, req.raw, {
            maxBytes,
            inspect: claims.t === 'image' ? sniffImage : claims.t === 'pdf' ? sniffPdf : undefined,
          });
          return { ok: true as const, size: stored.size };
        } catch (err) {
          if (err instanceof UploadRejected) return refuse(REJECTIONS[err.reason]());
          throw err;
        }
      },
    );

    r.get(
      '/api/files',
      { config: { access: 'public' }, schema: { tags: ['files'], querystring: TokenQuerySchema } },
      async (req, reply) => {
        const claims = verified(signer, req.query.token, 'GET');
        const file = await storage.get(claims.k);
        if (!file) throw new AppError(404, 'file/not-found', MESSAGES.fileMissing);
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
