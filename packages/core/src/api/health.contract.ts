import { z } from 'zod';
import { endpoint } from './contract';

export const HealthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });
export const ReadySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  /** True while the instance finishes its work after SIGTERM: a load balancer should stop sending to it. */
  stopping: z.boolean(),
});

/** Liveness and readiness (decision 025). */
export const HEALTH_API = {
  live: endpoint({ method: 'GET', path: '/api/health', response: HealthSchema, tag: 'health' }),
  ready: endpoint({ method: 'GET', path: '/api/health/ready', response: ReadySchema, tag: 'health' }),
} as const;
