import { HEALTH_API, HealthSchema, ReadySchema } from '@under/core/api/health.contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';

interface HealthDeps {
  ping: () => Promise<boolean>;
  isMigrated: () => Promise<boolean>;
  isStopping: () => boolean;
}

/**
 * Liveness (`/api/health`: the process answers, with the database's state) and readiness (`/api/health/ready`:
 * the database answers, every migration of this build is applied, and the instance is not shutting down).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps) {
  defineRoute(app, HEALTH_API.live, { access: 'public', otherResponses: { 503: HealthSchema } }, async ({ reply }) => {
    const up = await deps.ping();
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'error', database: up ? 'up' : 'down' });
  });

  defineRoute(app, HEALTH_API.ready, { access: 'public', otherResponses: { 503: ReadySchema } }, async ({ reply }) => {
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
  });
}
