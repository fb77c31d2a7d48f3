import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What an audit event records of the request that caused it (issue 13; decision 044). */
interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

/** The longest user agent kept (a header can be kilobytes long). */
const USER_AGENT_MAX = 300;

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's IP and user agent; none in jobs and scripts. */
export function currentRequest(): RequestContext {
  return storage.getStore() ?? { ip: null, userAgent: null };
}

/** Runs `fn` as if inside a request with this context (tests, and work done on behalf of a request). */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Every request runs inside its own context (the first onRequest hook, before the access checks), so anything
 * that writes an audit event knows the caller's address (after trustProxy) and user agent without passing them.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const agent = req.headers['user-agent'];
    const userAgent = typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null;
    storage.run({ ip: req.ip ?? null, userAgent }, done);
  });
}
