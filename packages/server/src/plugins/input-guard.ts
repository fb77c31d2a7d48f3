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

/** The path of the first string (value or key) holding U+0000, or undefined. Iterative: no recursion; bytes skipped. */
export function findNul(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path;
    } else if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer) {
      // bytes (the verify API's PDF) hold no text: walking a 25 MB Buffer as an object made 25 million entries on
      // the main thread (issue 21 §6)
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${path}.${i}`]);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, `${path}.${key}`]);
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
