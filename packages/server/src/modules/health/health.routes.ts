import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });
const ReadySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  /** True while the instance finishes its work after SIGTERM: a load balancer should stop sending to it. */
  stopping: z.boolean(),
});

export interface HealthDeps {
  ping: () => Promise<boolean>;
  isMigrated: () => Promise<boolean>;
  isStopping: () => boolean;
}

/**
 * Liveness (`/api/health`: the process answers, with the database's state) and readiness (`/api/health/ready`:
 * the database answers, every migration of this build is applied, and the instance is not shutting down).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
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

  r.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: ReadySchema, 503: ReadySchema } },
    },
    async (_req, reply) => {
      const stopping = deps.isStopping();
      const up = await deps.ping();
      const migrations = up ? ((await deps.isMigrated()) ? 'applied' : 'pending') : 'unknown';
      const ready = up && migrations === 'applied' && !stopping;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        database: up ? 'up' : 'down',
        migrations,
        stopping,
      });
    },
  );
}
