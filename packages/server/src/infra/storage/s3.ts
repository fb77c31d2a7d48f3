import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { amzDate, EMPTY_SHA256, type SigV4Credentials, sign, uriEncode } from './sigv4';
import { spoolToFile } from './spool';
import { assertKey, type Storage, type StoredObject } from './storage';

interface S3Options extends SigV4Credentials {
  bucket: string;
  /** A custom endpoint (MinIO, R2, …) is addressed path-style; unset means AWS, virtual-hosted style. */
  endpoint?: string;
  /** Where uploads are spooled (and checked) before they are sent. */
  tmpDir: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * An S3-compatible bucket through the documented REST API (PutObject, GetObject, HeadObject, DeleteObject)
 * signed with Signature Version 4. Uploads are spooled to a temporary file first so the limits and content
 * checks run before a single byte reaches the bucket; the object is then sent in one signed request.
 */
export function createS3Storage(options: S3Options): Storage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = options.endpoint
    ? new URL(`${options.endpoint.replace(/\/$/, '')}/${uriEncode(options.bucket, false)}`)
    : new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com`);

  async function call(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    assertKey(key);
    const pathName = `${base.pathname.replace(/\/$/, '')}/${uriEncode(key, true)}`;
    const payloadHash = body ? (headers['x-amz-content-sha256'] ?? EMPTY_SHA256) : EMPTY_SHA256;
    const at = now();
    const signed: Record<string, string> = {
      ...headers,
      host: base.host,
      'x-amz-date': amzDate(at),
      'x-amz-content-sha256': payloadHash,
    };
    const { authorization } = await sign(options, { method, path: pathName, headers: signed, at });
    const { host: _host, ...sent } = signed;
    return doFetch(new URL(pathName, base.origin), {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
    });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    const code = text.match(/<Code>([^<]+)<\/Code>/)?.[1] ?? '';
    throw new Error(`S3 ${what} failed: ${res.status} ${code}`.trim());
  }

  const statOf = (res: Response): StoredObject => ({
    size: Number(res.headers.get('content-length') ?? 0),
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
  });

  return {
    driver: 's3',
    async put(key, body, putOptions) {
      assertKey(key);
      await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
      const tmp = path.join(options.tmpDir, randomBytes(12).toString('hex'));
      try {
        const spooled = await spoolToFile(body, tmp, putOptions);
        // at most the upload limit (25 MB) is held in memory for the one signed request
        const bytes = await readFile(tmp);
        const res = await call('PUT', key, bytes, {
          'content-type': spooled.contentType,
          'x-amz-content-sha256': spooled.sha256,
        });
        if (!res.ok) await fail(res, 'PutObject');
        await res.body?.cancel();
        return { size: spooled.size, contentType: spooled.contentType };
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) return undefined;
      if (!res.ok || !res.body) return fail(res, 'GetObject');
      return { ...statOf(res), body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream) };
    },
    async stat(key) {
      const res = await call('HEAD', key);
      if (res.status === 404) return undefined;
      if (!res.ok) return fail(res, 'HeadObject');
      return statOf(res);
    },
    async delete(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) await fail(res, 'DeleteObject');
      await res.body?.cancel();
    },
  };
}
