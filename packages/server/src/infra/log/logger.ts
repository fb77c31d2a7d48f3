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

/**
 * Names whose values are credentials wherever they appear (an object's keys, a query or form, JSON, XML): tokens,
 * passwords, client and consumer secrets, PKCE verifiers, authorization headers (decision 071).
 */
const SECRET_NAMES = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwd',
  'passwordHash',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'token',
  'clientSecret',
  'client_secret',
  'clientSecretKey',
  'consumerSecret',
  'consumer_secret',
  'consumerKey',
  'consumer_key',
  'codeVerifier',
  'code_verifier',
  'apiKey',
  'api_key',
  'x-api-key',
  'secret',
  'assertion',
] as const;
const SECRET_NAME_SET = new Set(SECRET_NAMES.map((n) => n.toLowerCase()));
const NAMES = SECRET_NAMES.map((n) => n.replace(/[-]/g, '\\-')).join('|');

/** True for a key whose value is a credential (`clientSecret`, `refresh_token`, `Authorization`). */
const isSecretName = (key: string): boolean => SECRET_NAME_SET.has(key.toLowerCase());

const TEXT_PATTERNS: readonly [RegExp, string][] = [
  // Authorization: Bearer …, Basic …, and a bare "Bearer eyJ…"
  [/\b(Bearer|Basic|Digest|OAuth)\s+(?!(?:Bearer|Basic|Digest|OAuth)\b)[A-Za-z0-9._~+/=!:%-]{4,}/gi, `$1 ${REDACTED}`],
  // "refresh_token":"…" and 'password': '…' (JSON and similar), also when escaped inside a JSON string
  [new RegExp(`(\\\\?["'](?:${NAMES})\\\\?["']\\s*:\\s*\\\\?["'])(?:[^"'\\\\]|\\\\(?!["']))*`, 'gi'), `$1${REDACTED}`],
  // access_token=…&code_verifier=… (query and form), password: … (header-like lines; a scheme already handled)
  [
    new RegExp(`(\\b(?:${NAMES})\\s*[=:]\\s*)(?!\\[redacted\\]|(?:Bearer|Basic|Digest|OAuth)\\s)[^\\s&"'<>,;]+`, 'gi'),
    `$1${REDACTED}`,
  ],
  // an OAuth authorization code in a query or form
  [/(\bcode=)[^\s&"'<>,;]+/gi, `$1${REDACTED}`],
  // <password>…</password> (XML)
  [new RegExp(`(<((?:[\\w-]+:)?(?:${NAMES}))\\b[^>]*>)[^<]*(</\\2>)`, 'gi'), `$1${REDACTED}$3`],
  // a Salesforce session id: 00D…!…
  [/\b00D[A-Za-z0-9]{12,15}![A-Za-z0-9._-]{16,}/g, REDACTED],
  // a Salesforce refresh token: 5Aep…
  [/\b5Aep[A-Za-z0-9._-]{20,}/g, REDACTED],
];

/** Free text (a provider's answer, an error message) with every credential-looking value replaced by `[redacted]`. */
export function redactSecretText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

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

const MAX_SCRUB_DEPTH = 4;

/** A value an error carries (an HTTP client's request, headers, answer body) without credentials. */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_SCRUB_DEPTH) return '[object]';
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = isSecretName(key) ? REDACTED : scrub(v, depth + 1);
  return out;
}

function plainError(err: ErrorLike, depth: number): SerializedError {
  const message = redactSecretText(cleanMessage(err.message));
  const out: SerializedError = {
    type: (err.constructor as { name?: string } | undefined)?.name ?? String(err.name),
    message,
    stack: typeof err.stack === 'string' ? redactSecretText(cleanStack(err.stack, err.message, message)) : '',
  };
  for (const key of Object.keys(err)) {
    if (DROPPED_ERROR_KEYS.has(key) || key in out) continue;
    const value = err[key];
    out[key] = isSecretName(key)
      ? REDACTED
      : isErrorLike(value)
        ? depth < MAX_CAUSES
          ? plainError(value, depth + 1)
          : '[error]'
        : scrub(value, 0);
  }
  // a cause given to the Error constructor is not enumerable
  if (!('cause' in out) && err.cause !== undefined) {
    out.cause = isErrorLike(err.cause)
      ? depth < MAX_CAUSES
        ? plainError(err.cause, depth + 1)
        : '[error]'
      : scrub(err.cause, 0);
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

/** A pino path segment for a key (bracketed when it is not an identifier). */
const segment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** Every credential name at the top, one and two levels down: `request.headers.authorization`, `auth.clientSecret`. */
const SECRET_PATHS_REDACTED = SECRET_NAMES.flatMap((name) => {
  const s = segment(name);
  return [s.startsWith('.') ? s.slice(1) : s, `*${s}`, `*.*${s}`];
});

/** The options of the app's logger (pino through Fastify): the serializers above and a few redacted paths. */
export function loggerOptions(opts: { level: string; stream?: LogStream }) {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    hooks: {
      // a message written as text ('refresh failed: Bearer …') loses its credentials too
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactSecretText(a) : a)),
        );
      },
    },
    redact: {
      paths: [...SECRET_PATHS_REDACTED, '*.subject', '*.text', '*.html'],
      censor: REDACTED,
    },
  };
}
