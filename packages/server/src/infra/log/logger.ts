/** Where log lines go (a file, a test's buffer); stdout when unset. */
export interface LogStream {
  write(line: string): void;
}

/**
 * What the logs may never hold (decision 022): the credentials that ride in URLs (signed file tokens, invitation
 * codes), the values of failed queries (password hashes, codes, personal data), and e-mail contents.
 */

/** Query keys whose values are credentials (`state`: the OAuth state of an integration's callback, decision 073). */
const SECRET_QUERY_KEY =
  /^(token|code|state|invitationcode|password|secret|signature|x-amz-signature|x-amz-credential)$/i;

/**
 * Paths whose last segment is a credential: `GET /api/invitations/{code}` (the e-mailed code is the credential;
 * the member ids of `DELETE /api/invitations/{memberId}` are hidden with it) and the web page `/register/{code}`
 * the invitation link opens; the applicant's page `/application-form/{customFormId}/{applicationId}/{code}/…` (the
 * link code and the e-mail or version after it).
 */
const SECRET_PATHS = [
  /^(\/api\/invitations\/)[^/]+$/,
  /^(\/register\/)[^/]+$/,
  // the applicant's link /application-form/{customFormId}/{applicationId}/{code}/[{version}/]{email}: the code
  // and the e-mail go (decision 036)
  /^(\/application-form\/[^/]+\/[^/]+\/).+$/,
];

export const REDACTED = '[redacted]';

/** The URL with credential path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathname = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return pathname;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // a malformed key is kept as sent
      }
      return SECRET_QUERY_KEY.test(key) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/**
 * Keys of errors that carry values: drizzle's `params`, pg's `detail` ("Key (email)=(…) already exists"), `where`
 * and `internalQuery`, a pg client (its connection parameters hold the password).
 */
const DROPPED_ERROR_KEYS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'client']);
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** drizzle's "Failed query: …\nparams: …": the query text stays, its values go. */
function cleanMessage(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : message.slice(0, at);
}

function cleanStack(stack: string, original: string, cleaned: string): string {
  if (original !== cleaned && stack.includes(original)) return stack.replace(original, cleaned);
  // the message was cut elsewhere (a subclass that formats its own stack): drop every line up to the frames
  const at = stack.indexOf('\nparams:');
  if (at === -1) return stack;
  const frames = stack.indexOf('\n    at ', at);
  return stack.slice(0, at) + (frames === -1 ? '' : stack.slice(frames));
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function plainError(err: ErrorLike, depth: number): SerializedError {
  const message = cleanMessage(err.message);
  const out: SerializedError = {
    type: (err.constructor as { name?: string } | undefined)?.name ?? String(err.name),
    message,
    stack: typeof err.stack === 'string' ? cleanStack(err.stack, err.message, message) : '',
  };
  for (const key of Object.keys(err)) {
    if (DROPPED_ERROR_KEYS.has(key) || key in out) continue;
    const value = err[key];
    out[key] = isErrorLike(value) ? (depth < MAX_CAUSES ? plainError(value, depth + 1) : '[error]') : value;
  }
  // a cause given to the Error constructor is not enumerable
  if (!('cause' in out) && err.cause !== undefined) {
    out.cause = isErrorLike(err.cause)
      ? depth < MAX_CAUSES
        ? plainError(err.cause, depth + 1)
        : '[error]'
      : err.cause;
  }
  return out;
}

/** The error serializer of every log line: the error, its causes, and none of their query values. */
export function serializeError(err: unknown): SerializedError {
  return isErrorLike(err) ? plainError(err, 0) : { type: typeof err, message: String(err), stack: '' };
}

/** Fastify's request line, with the URL redacted. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The options of the app's logger (pino through Fastify): the serializers above and a few redacted paths. */
export function loggerOptions(opts: { level: string; stream?: LogStream }) {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.passwordHash',
        '*.accessToken',
        '*.refreshToken',
        '*.subject',
        '*.text',
        '*.html',
      ],
      censor: REDACTED,
    },
  };
}
