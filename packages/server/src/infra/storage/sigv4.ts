import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests signed in the Authorization header ("Signature Calculations for the
 * Authorization Header: Transferring Payload in a Single Chunk", Amazon S3 API reference).
 */

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: every byte except unreserved characters; `/` kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. `/bucket/companies/a/logo/b`. */
  path: string;
  query?: URLSearchParams;
  /** Lower-case names; `host`, `x-amz-date` and `x-amz-content-sha256` must be among them. */
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
}

function canonicalRequest(input: SignInput): { request: string; signedHeaders: string } {
  const names = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const headerLines = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const request = [
    input.method,
    input.path,
    canonicalQuery(input.query ?? new URLSearchParams()),
    headerLines,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { request, signedHeaders };
}

function signingKey(creds: SigV4Credentials, date: string): Buffer {
  const kDate = hmac(`AWS4${creds.secretAccessKey}`, date);
  const kRegion = hmac(kDate, creds.region);
  const kService = hmac(kRegion, creds.service ?? 's3');
  return hmac(kService, 'aws4_request');
}

/** The Authorization header value and the signature for one request. */
export function sign(creds: SigV4Credentials, input: SignInput): { authorization: string; signature: string } {
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${creds.region}/${creds.service ?? 's3'}/aws4_request`;
  const { request, signedHeaders } = canonicalRequest(input);
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(request)].join('\n');
  const signature = createHmac('sha256', signingKey(creds, date)).update(stringToSign).digest('hex');
  return {
    signature,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** `20130524T000000Z` */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
