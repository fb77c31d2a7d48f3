import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

export function registerHealthRoutes(app: FastifyInstance, deps: { ping: () => Promise<boolean> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_req, reply) => {
      const up = await deps.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'error', database: up ? 'up' : 'down' });
    },
  );
}
