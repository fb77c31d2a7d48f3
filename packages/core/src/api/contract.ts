import type { z } from 'zod';

/**
 * One endpoint of the API, written once: the server registers its route from it (validation, response filtering,
 * OpenAPI) and the web calls it through it (path, method, response check). Who may call it stays with the route
 * registration (`config.access`), next to the handler that relies on it.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path: `/api/members/:memberId`. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (default 200) and the schema of its body; none for binary answers (PDFs, files). */
  status?: 200 | 201 | 202 | 204;
  response?: z.ZodType;
  /** OpenAPI group. */
  tag: string;
  summary?: string;
}

/** Declares an endpoint, keeping its literal types. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the caller sends (before the schemas' defaults and transforms). */
export type ParamsIn<E extends Endpoint> = InputOf<E['params']>;
export type QueryIn<E extends Endpoint> = InputOf<E['query']>;
export type BodyIn<E extends Endpoint> = InputOf<E['body']>;
/** What the handler receives (after validation). */
export type ParamsOut<E extends Endpoint> = OutputOf<E['params']>;
export type QueryOut<E extends Endpoint> = OutputOf<E['query']>;
export type BodyOut<E extends Endpoint> = OutputOf<E['body']>;
/** What the server answers. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : unknown;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * The URL path of a call: `:name` segments filled (encoded) from `params`, then the query string. Empty, null and
 * undefined query values are left out; arrays repeat the key (`statuses=a&statuses=b`).
 */
export function endpointPath(e: Endpoint, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`${e.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  // built by hand: core runs where neither DOM nor Node typings are assumed (same encoding as URLSearchParams)
  const pair = (key: string, value: string | number | boolean) =>
    `${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) pairs.push(pair(key, v));
    else pairs.push(pair(key, value as string | number | boolean));
  }
  const qs = pairs.join('&');
  return qs ? `${path}?${qs}` : path;
}
