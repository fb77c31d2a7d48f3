import { ERROR_CODES } from '@under/core/api/error.schema';
import { FORM_LIMITS } from '@under/core/forms/json-bounds';
import { MESSAGES } from '@under/core/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Deepest JSON a request body may nest: a form definition's own bound (FORM_LIMITS.maxJsonDepth) plus room for
 * the envelope around it. Checked on the raw text before parsing, so 10,000 nested arrays cost one linear scan
 * instead of a stack overflow in a recursive validator.
 */
export const MAX_BODY_DEPTH = FORM_LIMITS.maxJsonDepth + 8;

/** The deepest nesting of `[`/`{` in JSON text, ignoring brackets inside strings; stops early past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The path of the first string (value or key) holding U+0000, or undefined. Iterative: no recursion; bytes skipped.
 * A node's path is made only when it holds one (an autosave's 150 answers are walked on every request).
 */
export function findNul(value: unknown, root: string): string | undefined {
  // every node seen: its value, its parent's index and its key; the stack holds indexes (no object per node)
  const nodes: unknown[] = [value];
  const parents: number[] = [-1];
  const keys: string[] = [root];
  const pathOf = (i: number): string => {
    const parts: string[] = [];
    for (let at = i; at >= 0; at = parents[at] as number) parts.push(keys[at] as string);
    return parts.reverse().join('.');
  };
  const stack: number[] = [0];
  while (stack.length) {
    const i = stack.pop() as number;
    const node = nodes[i];
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return pathOf(i);
    } else if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer) {
      // bytes (the verify API's PDF) hold no text: walking a 25 MB Buffer as an object made 25 million entries on
      // the main thread (issue 21 §6)
    } else if (Array.isArray(node)) {
      for (let k = node.length - 1; k >= 0; k--) {
        stack.push(nodes.push(node[k]) - 1);
        parents.push(i);
        keys.push(String(k));
      }
    } else if (node && typeof node === 'object') {
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        if (key.includes('\u0000')) return pathOf(i);
        const child = (node as Record<string, unknown>)[key];
        // a plain value that is not text holds no NUL: not even pushed
        if (child === null || (typeof child !== 'object' && typeof child !== 'string')) continue;
        stack.push(nodes.push(child) - 1);
        parents.push(i);
        keys.push(key);
      }
    }
  }
  return undefined;
}

/**
 * Input that used to reach the database or a recursive validator and come back as a 500: PostgreSQL text cannot
 * hold U+0000 (in any query string, path parameter or body value), and deeply nested JSON exhausted the stack.
 * Both are refused here, for every route, with a 400 that says which value is at fault.
 */
export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      done(new AppError(ERROR_CODES.badRequest, MESSAGES.requestTooDeep(MAX_BODY_DEPTH)), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, part);
      if (path) {
        throw new AppError(ERROR_CODES.validation, MESSAGES.textHasNul, [
          { path: path.slice(part.length + 1) || part, message: MESSAGES.textHasNul },
        ]);
      }
    }
  });
}
