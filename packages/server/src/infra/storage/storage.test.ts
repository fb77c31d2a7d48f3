import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { type S3Simulator, startS3Simulator } from './s3-simulator';
import { createUrlSigner } from './signed-url';
import { EMPTY_SHA256, sign } from './sigv4';
import { type Storage, sniffImage, sniffPdf, UploadRejected } from './storage';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of png')]);

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

describe('Signature Version 4', () => {
  it('matches the GET Object example of the Amazon S3 API reference', async () => {
    // "Example: GET Object" in "Signature Calculations for the Authorization Header: Transferring Payload in a
    // Single Chunk" (AWS documentation), with its documented example credentials.
    const { authorization, signature } = await sign(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY_SHA256,
          'x-amz-date': '20130524T000000Z',
        },
        at: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('sniffImage', () => {
  it('knows PNG and JPEG by their first bytes, and nothing else', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    for (const bad of [Buffer.from('GIF89a'), Buffer.from('<svg'), Buffer.from([0x89, 0x50]), Buffer.alloc(0)]) {
      expect(() => sniffImage(bad)).toThrow(UploadRejected);
    }
  });
});

describe('sniffPdf', () => {
  it('takes a PDF header at the start, or on its own line within the first 1 KB after plain data', () => {
    expect(sniffPdf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffPdf(Buffer.from('# a preamble PDF 2.0 allows\r\n%PDF-2.0\r\n'))).toBe('application/pdf');
  });

  it('refuses markup or script with %PDF- inside, and a header past 1 KB', () => {
    for (const bad of [
      '<html><body>\n%PDF-1.7\n<script>alert(1)</script>',
      '  <?xml version="1.0"?>\n%PDF-1.4\n<svg/>',
      'alert(1) // %PDF-1.7',
      '%PDF',
      `${'x'.repeat(1100)}\n%PDF-1.7\n`,
    ]) {
      expect(() => sniffPdf(Buffer.from(bad)), bad.slice(0, 30)).toThrow(UploadRejected);
    }
  });
});

describe('signed URLs', () => {
  it('expire, are bound to their method, and break when changed', () => {
    let now = Date.now();
    const signer = createUrlSigner({ secret: 's'.repeat(32), publicUrl: 'http://x', now: () => now });
    const { url } = signer.sign({ m: 'PUT', k: 'a/b', n: 10 }, 60_000);
    const token = new URL(url).searchParams.get('token') ?? '';
    expect(signer.verify(token, 'PUT')).toMatchObject({ ok: true, claims: { k: 'a/b', n: 10 } });
    expect(signer.verify(token, 'GET')).toEqual({ ok: false, reason: 'invalid' });
    const [payload, sig] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ m: 'PUT', k: 'a/b', n: 10_000_000, e: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(signer.verify(`${widened}.${sig}`, 'PUT')).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify(`${payload}.`, 'PUT')).toEqual({ ok: false, reason: 'invalid' });
    const other = createUrlSigner({ secret: 't'.repeat(32), publicUrl: 'http://x', now: () => now });
    expect(other.verify(token, 'PUT')).toEqual({ ok: false, reason: 'invalid' });
    now += 61_000;
    expect(signer.verify(token, 'PUT')).toEqual({ ok: false, reason: 'expired' });
  });
});

/** The same contract for every driver. */
function driverContract(name: string, setup: () => Promise<{ storage: Storage; leftovers: () => Promise<string[]> }>) {
  describe(`${name} driver`, () => {
    let storage: Storage;
    let leftovers: () => Promise<string[]>;
    beforeAll(async () => {
      ({ storage, leftovers } = await setup());
    });

    it('puts, stats, gets and deletes an object', async () => {
      const stored = await storage.put('companies/c1/logo/one', Readable.from([PNG]), {
        maxBytes: 100,
        inspect: sniffImage,
      });
      expect(stored).toEqual({ size: PNG.length, contentType: 'image/png' });
      expect(await storage.stat('companies/c1/logo/one')).toEqual({ size: PNG.length, contentType: 'image/png' });
      const got = await storage.get('companies/c1/logo/one');
      expect(got?.contentType).toBe('image/png');
      const chunks: Buffer[] = [];
      for await (const c of got?.body ?? []) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
      await storage.delete('companies/c1/logo/one');
      expect(await storage.stat('companies/c1/logo/one')).toBeUndefined();
      expect(await storage.get('companies/c1/logo/one')).toBeUndefined();
    });

    it('streams text with a given content type', async () => {
      await storage.put('docs/a.txt', Readable.from(['hello ', 'world']), { maxBytes: 100, contentType: 'text/plain' });
      const got = await storage.get('docs/a.txt');
      expect(got?.contentType).toBe('text/plain');
      expect(await text(got?.body ?? Readable.from([]))).toBe('hello world');
    });

    it.each([
      ['too large', () => Readable.from([PNG, Buffer.alloc(100)]), 'too-large'],
      ['empty', () => Readable.from([]), 'empty'],
      ['not an image', () => Readable.from([Buffer.from('GIF89a and more bytes')]), 'type'],
    ])('refuses an upload that is %s and keeps nothing', async (_n, body, reason) => {
      const before = await leftovers();
      await expect(
        storage.put('companies/c1/logo/bad', body(), { maxBytes: 64, inspect: sniffImage }),
      ).rejects.toMatchObject({
        reason,
      });
      expect(await storage.stat('companies/c1/logo/bad')).toBeUndefined();
      expect(await leftovers()).toEqual(before);
    });

    it('refuses keys that could escape', async () => {
      for (const key of ['../x', '/abs', 'a/../../b', 'a//b', '']) {
        await expect(storage.put(key, Readable.from([PNG]), { maxBytes: 100 })).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

driverContract('local', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'under-files-'));
  return { storage: createLocalStorage(root), leftovers: () => listFiles(root) };
});

let sim: S3Simulator;
const creds = { accessKeyId: 'UNDERTESTKEY', secretAccessKey: 'under-test-secret', region: 'eu-west-1' };
afterAll(() => sim?.close());

driverContract('s3 (against the local S3 simulator)', async () => {
  sim = await startS3Simulator({ bucket: 'under-files', ...creds });
  const tmp = await mkdtemp(path.join(tmpdir(), 'under-s3tmp-'));
  return {
    storage: createS3Storage({ ...creds, bucket: 'under-files', endpoint: sim.endpoint, tmpDir: tmp }),
    leftovers: async () => [...(await listFiles(tmp)), ...[...sim.objects.keys()].filter((k) => k.includes('bad'))],
  };
});

describe('s3 driver signatures', () => {
  it('every request the driver made was accepted by the simulator', () => {
    expect(sim.refused).toBe(0);
    expect(sim.objects.has('docs/a.txt')).toBe(true);
  });

  it('a wrong secret is refused by the signature check', async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), 'under-s3tmp-'));
    const bad = createS3Storage({
      ...creds,
      secretAccessKey: 'wrong',
      bucket: 'under-files',
      endpoint: sim.endpoint,
      tmpDir: tmp,
    });
    const before = sim.refused;
    await expect(bad.put('docs/evil.txt', Readable.from(['x']), { maxBytes: 10 })).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(bad.stat('docs/a.txt')).rejects.toThrow(/403/);
    expect(sim.refused).toBe(before + 2);
    expect(sim.objects.has('docs/evil.txt')).toBe(false);
    expect(await listFiles(tmp)).toEqual([]);
  });

  it('a key with a tilde (unreserved, not encoded) round-trips through the signature', async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), 'under-s3tmp-'));
    const s3 = createS3Storage({ ...creds, bucket: 'under-files', endpoint: sim.endpoint, tmpDir: tmp });
    await s3.put('docs/report~v1.txt', Readable.from(['ok']), { maxBytes: 10 });
    expect(await s3.stat('docs/report~v1.txt')).toMatchObject({ size: 2 });
  });
});
