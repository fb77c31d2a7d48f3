import type { BodyOut, Endpoint, ParamsOut, QueryOut, ResponseOf } from '@under/core/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from './access';

interface RouteOptions {
  /** Who may call it (plugins/access.ts); the authorization matrix test is generated from it. */
  access: Access;
  allowDeactivated?: boolean;
  throttle?: { max: number; windowMs: number };
  /** Further answers the route documents besides its success (e.g. `{ 503: HealthSchema }`). */
  otherResponses?: Record<number, unknown>;
}

interface RouteInput<E extends Endpoint> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers the route of an endpoint contract (core/api): method, path, the schemas that validate the request and
 * filter the answer, and the OpenAPI entry all come from the contract; the handler returns the success body
 * (sent with the contract's status) or sends its own reply (binary answers, other statuses).
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: RouteOptions,
  handler: (input: RouteInput<E>) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply,
) {
  const status = e.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    config: {
      access: options.access,
      ...(options.allowDeactivated ? { allowDeactivated: true } : {}),
      ...(options.throttle ? { throttle: options.throttle } : {}),
    },
    schema: {
      tags: [e.tag],
      ...(e.summary ? { summary: e.summary } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response || options.otherResponses
        ? { response: { ...(e.response ? { [status]: e.response } : {}), ...options.otherResponses } }
        : {}),
    },
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params as ParamsOut<E>,
        query: req.query as QueryOut<E>,
        body: req.body as BodyOut<E>,
        req,
        reply,
      });
      if (result === reply || reply.sent) return reply;
      return reply.status(status).send(result);
    },
  });
}
