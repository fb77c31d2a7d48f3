import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AuthContext } from '../auth-context';
import { AppError } from '../errors';
import { isClientAdmin } from '../modules/accounts/tenant';
import { safeEqual } from '../security/secrets';
import { addressKey, THROTTLE_RULES, type ThrottleRule, type Throttles } from '../security/throttles';

/**
 * Who may call a route. Every /api route must declare one: an undeclared route stops the server
 * at start-up, and the authorization tests are generated from these declarations.
 */
export const ACCESS = {
  /** Anyone, signed in or not. */
  public: 'public',
  /** A signed-in user of either pool. */
  authenticated: 'authenticated',
  /** A signed-in client user (any team role). */
  client: 'client',
  /** A signed-in client user with the ADMINISTRATOR role. */
  clientAdmin: 'clientAdmin',
  /** A signed-in platform admin. */
  admin: 'admin',
  /** An applicant's public call: the x-api-key header, no login. */
  applicant: 'applicant',
} as const;
export type Access = (typeof ACCESS)[keyof typeof ACCESS];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Lets a deactivated user reach the route (to learn that they are deactivated, or to sign out). */
    allowDeactivated?: boolean;
    /**
     * Requests per address in a window, for public lookups that could otherwise be enumerated; counted in the
     * database, so shared by every instance. Without a `scope` each route counts on its own.
     */
    throttle?: Omit<ThrottleRule, 'scope'> & { scope?: string };
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Public lookups that answer whether something exists: 30 a minute per address is plenty for a person. */
export const PUBLIC_LOOKUP_THROTTLE = { max: 30, windowMs: 60_000 };

/**
 * The e-mail existence check answers what sign-up's 409 answers: both draw on one budget per address, so neither
 * is a faster oracle than the other (decision 019).
 */
export const ACCOUNT_LOOKUP_THROTTLE = THROTTLE_RULES.accountLookupAddress;

/** Turns an access token into its caller (the auth module's service); injected so plugins import no module. */
interface Authenticator {
  authenticate(accessToken: string): Promise<AuthContext>;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Requires the signed-in caller; routes declared `authenticated` or stricter read it from here. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ERROR_CODES.noUser);
  return request.auth;
}

export function registerAccess(
  app: FastifyInstance,
  deps: { auth: Authenticator; throttles: Throttles; publicApiKey: string; routes: DeclaredRoute[] },
) {
  app.decorateRequest('auth', null);

  const check =
    (access: Access, allowDeactivated: boolean): onRequestHookHandler =>
    async (request) => {
      if (access === 'public') return;
      if (access === 'applicant') {
        const key = request.headers['x-api-key'];
        if (typeof key !== 'string' || !safeEqual(key, deps.publicApiKey)) {
          throw new AppError(ERROR_CODES.apiKey, MESSAGES.http401);
        }
        return;
      }
      const token = bearerToken(request);
      if (!token) throw new AppError(ERROR_CODES.noUser);
      const auth = await deps.auth.authenticate(token);
      request.auth = auth;
      if (auth.status === 'inactive' && !allowDeactivated) {
        throw new AppError(ERROR_CODES.userDeactivated);
      }
      const allowed =
        access === 'authenticated' ||
        (access === 'admin' && auth.pool === 'admin') ||
        (access === 'client' && auth.pool === 'client') ||
        (access === 'clientAdmin' && auth.pool === 'client' && isClientAdmin(auth));
      if (!allowed) throw new AppError(ERROR_CODES.permissionDenied, MESSAGES.http403);
    };

  const throttled =
    (rule: ThrottleRule): onRequestHookHandler =>
    async (request) => {
      await deps.throttles.take([[rule, addressKey(request.ip)]]);
    };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access)`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') deps.routes.push({ method, url: route.url, access });
    }
    const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    const limits = route.config?.throttle;
    // by URL, not method: a HEAD answers the same question as its GET and must not get a second budget
    const throttle = limits ? [throttled({ ...limits, scope: limits.scope ?? `route:${route.url}` })] : [];
    route.onRequest = [...throttle, check(access, route.config?.allowDeactivated === true), ...hooks];
  });
}
