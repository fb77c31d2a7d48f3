import { VERIFY_API } from '@under/core/api/verify.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import type { VerifyService } from './verify.service';

/** The verify API takes the PDF's bytes as they are (application/pdf, up to 25 MB). */
const VERIFY_MAX_BYTES = 25 * 1_000_000;

export function registerVerifyRoutes(app: FastifyInstance, deps: { verify: VerifyService }) {
  app.register(async (scope) => {
    // any content type is read as bytes here: the service decides by the file's own first bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: VERIFY_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    // a burst from one address is slowed: each check reads and hashes up to 25 MB
    defineRoute(scope, VERIFY_API.verify, { access: 'applicant', throttle: { max: 60, windowMs: 60_000 } }, ({ req }) =>
      deps.verify.verify(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
    );
  });
}
