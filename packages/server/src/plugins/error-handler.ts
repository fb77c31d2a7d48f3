import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusMessage } from '../errors';

function toPath(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  // zod reports an unknown key on the object itself; name the key so the caller can find it
  const keys = (params as { keys?: string[] } | undefined)?.keys;
  if (keys?.length) return [base, keys.join(',')].filter(Boolean).join('.');
  return base;
}

const FASTIFY_4XX_CODES: Record<number, string> = {
  401: ERROR_CODES.noUser,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

/**
 * One place that turns every failure into `{ statusCode, code, message }`. 5xx details are
 * logged with the request id and never sent: they may name tables, paths or secrets.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({ path: toPath(v.instancePath, v.params), message: v.message ?? '' }));
      return reply.status(400).send({
        statusCode: 400,
        code: ERROR_CODES.validation,
        message: errors[0]?.message || MESSAGES.http400,
        errors,
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err, reqId: request.id }, 'request failed');
      return reply.status(status).send({
        statusCode: status,
        code: ERROR_CODES.internal,
        message: statusMessage(status),
        requestId: request.id,
      });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type): keep its status, use our texts
    const code = FASTIFY_4XX_CODES[status] ?? ERROR_CODES.badRequest;
    return reply.status(status).send({ statusCode: status, code, message: statusMessage(status) });
  });
}
