import { createHash } from 'node:crypto';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * AWS Signature Version 4 for S3 requests signed in the Authorization header, by the AWS SDK's own signer
 * (`@smithy/signature-v4`, decision 063): this file only adapts our requests to it.
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

/** RFC 3986 encoding as S3 wants it: every byte except unreserved characters; `/` kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  const encode = (part: string) =>
    encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? value.split('/').map(encode).join('/') : encode(value);
}

interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. `/bucket/companies/a/logo/b` (S3 signs it as sent, not encoded twice). */
  path: string;
  query?: URLSearchParams;
  /** `host` and `x-amz-content-sha256` (the payload's hash) must be among them; `x-amz-date` is set from `at`. */
  headers: Record<string, string>;
  at: Date;
}

/** The Authorization header value and the signature for one request. */
export async function sign(
  creds: SigV4Credentials,
  input: SignInput,
): Promise<{ authorization: string; signature: string }> {
  const signer = new SignatureV4({
    service: creds.service ?? 's3',
    region: creds.region,
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
    applyChecksum: false,
  });
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of input.query ?? []) {
    const had = query[k];
    query[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
  }
  const signed = await signer.sign(
    { method: input.method, protocol: 'https:', hostname: '', path: input.path, query, headers: { ...input.headers } },
    { signingDate: input.at },
  );
  const authorization = String(signed.headers.authorization);
  const signature = /Signature=([0-9a-f]{64})$/.exec(authorization)?.[1] ?? '';
  return { authorization, signature };
}

/** `20130524T000000Z` */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The time of an `x-amz-date` (`20130524T000000Z`), or an invalid date. */
export function parseAmzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(Number.NaN);
}
