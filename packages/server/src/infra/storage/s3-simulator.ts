import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAmzDate, sha256Hex, sign } from './sigv4';

/**
 * A SIMULATOR for tests, not S3: a tiny HTTP server on 127.0.0.1 that speaks the path-style subset of the S3
 * REST API our driver uses (PUT, GET, HEAD, DELETE of one object) and checks every request's Signature
 * Version 4 the way S3 does (credential scope, signed headers, payload hash). Objects live in memory.
 * Passing against it proves the driver signs and frames requests by the documented protocol; it does not
 * prove compatibility with any particular vendor.
 */
export interface S3Simulator {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for a bad signature, for assertions. */
  refused: number;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Simulator(opts: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<S3Simulator> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const state = { refused: 0 };

  const server: Server = createServer(async (req, res) => {
    const reply = (status: number, code?: string, message = '') => {
      res.statusCode = status;
      if (code) {
        res.setHeader('content-type', 'application/xml');
        res.end(req.method === 'HEAD' ? undefined : xmlError(code, message));
      } else res.end();
    };
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const auth = req.headers.authorization ?? '';
      const m = auth.match(
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/,
      );
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!m || !amzDate || !payloadHash) {
        state.refused++;
        return reply(403, 'AccessDenied', 'Missing or malformed authorization');
      }
      const [, keyId, date, region, signedHeaders, signature] = m;
      if (keyId !== opts.accessKeyId) {
        state.refused++;
        return reply(403, 'InvalidAccessKeyId', 'Unknown access key');
      }
      if (region !== opts.region || date !== amzDate.slice(0, 8)) {
        state.refused++;
        return reply(403, 'AuthorizationHeaderMalformed', 'Wrong credential scope');
      }
      const at = parseAmzDate(amzDate);
      const skew = Math.abs(at.getTime() - Date.now());
      if (!(skew < 15 * 60_000)) {
        state.refused++;
        return reply(403, 'RequestTimeTooSkewed', 'Request time too skewed');
      }
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
        state.refused++;
        return reply(400, 'XAmzContentSHA256Mismatch', 'Payload hash does not match');
      }
      const headers: Record<string, string> = {};
      for (const name of (signedHeaders ?? '').split(';')) {
        const value = req.headers[name];
        if (value === undefined) {
          state.refused++;
          return reply(403, 'SignatureDoesNotMatch', `Signed header ${name} missing`);
        }
        headers[name] = Array.isArray(value) ? value.join(',') : value;
      }
      if (!('host' in headers)) {
        state.refused++;
        return reply(403, 'SignatureDoesNotMatch', 'host must be signed');
      }
      // the raw path as sent, already URI-encoded by the client
      const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
      const expected = await sign(opts, {
        method: req.method ?? 'GET',
        path: rawPath,
        query: url.searchParams,
        headers,
        at,
      });
      if (expected.signature !== signature) {
        state.refused++;
        return reply(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
      }
      const [, bucket, ...rest] = decodeURIComponent(url.pathname).split('/');
      if (bucket !== opts.bucket) return reply(404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = rest.join('/');
      if (!key) return reply(400, 'InvalidRequest', 'Object key required');
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          res.setHeader('etag', `"${sha256Hex(body).slice(0, 32)}"`);
          return reply(200);
        case 'GET':
        case 'HEAD': {
          const obj = objects.get(key);
          if (!obj) return reply(404, 'NoSuchKey', 'The specified key does not exist.');
          res.statusCode = 200;
          res.setHeader('content-type', obj.contentType);
          res.setHeader('content-length', obj.body.length);
          return res.end(req.method === 'GET' ? obj.body : undefined);
        }
        case 'DELETE':
          objects.delete(key);
          return reply(204);
        default:
          return reply(405, 'MethodNotAllowed', 'Not supported by the simulator');
      }
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: opts.bucket,
    objects,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
