import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { sealedCms } from '../../test/sealed-cms';
import { createPadesSealer } from './pades';
import { identityFromPkcs12, SealConfigError } from './pkcs12';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);
const PASSWORD = 'under-test';
const dir = () => mkdtempSync(path.join(tmpdir(), 'under-p12-'));
const info = {
  reason: 'Issued by Under',
  applicationId: 'app-9',
  documentId: 'doc-9',
  at: new Date('2026-11-28T10:00:00Z'),
};

async function samplePdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

/** The CMS of a sealed PDF, as OpenSSL wants it, and the bytes it covers. */

describe('the seal from a configured PKCS#12 (SEAL_PKCS12_FILE)', () => {
  it('opens OpenSSL 3 defaults (PBES2 AES-256, SHA-256 MAC) and the legacy 3DES export: the same key and chain', () => {
    const modern = identityFromPkcs12(readFileSync(fixture('seal-modern.p12')), PASSWORD);
    const legacy = identityFromPkcs12(readFileSync(fixture('seal-3des.p12')), PASSWORD);
    expect(modern.fingerprints[0]).toBe(legacy.fingerprints[0]);
    expect(modern.key.asymmetricKeyType).toBe('rsa');
    expect(modern.chain).toHaveLength(1);
    const root = readFileSync(fixture('test-root-ca.pem'), 'utf8');
    expect(modern.chain?.[0]?.toString('base64')).toBe(root.replace(/-----[A-Z ]+-----|\s/g, ''));
  });

  it('refuses a wrong password, an EC key and a file that is not PKCS#12, naming the setting', () => {
    expect(() => identityFromPkcs12(readFileSync(fixture('seal-modern.p12')), 'wrong')).toThrow(SealConfigError);
    expect(() => identityFromPkcs12(readFileSync(fixture('seal-modern.p12')), 'wrong')).toThrow(/SEAL_PKCS12_PASSWORD/);
    expect(() => identityFromPkcs12(readFileSync(fixture('seal-ec.p12')), PASSWORD)).toThrow(/RSA/);
    expect(() => identityFromPkcs12(Buffer.from('not a pkcs12 file'), PASSWORD)).toThrow(/SEAL_PKCS12_FILE/);
  });

  it('seals with the institution certificate and its chain; earlier self-signed seals of the data dir stay ours', async () => {
    const dataDir = dir();
    // before the PKCS#12 was configured: the data dir's own identity sealed a document
    const before = await createPadesSealer({ dataDir }).seal(await samplePdf(), info);
    const sealer = createPadesSealer({
      dataDir,
      pkcs12: { pkcs12File: fixture('seal-modern.p12'), password: PASSWORD },
    });
    const sealed = Buffer.from(await sealer.seal(await samplePdf(), info));
    expect(await sealer.check(sealed)).toMatchObject({ ours: true, intact: true, applicationId: 'app-9' });
    expect(await sealer.check(before)).toMatchObject({ ours: true, intact: true });
    // the self-signed sealer of another data dir does not take the institution's seal for its own
    expect(await createPadesSealer({ dataDir: dir() }).check(sealed)).toMatchObject({ ours: false, intact: true });
    const changed = Buffer.from(sealed);
    changed[100] = (changed[100] as number) ^ 1;
    expect(await sealer.check(changed)).toMatchObject({ ours: true, intact: false });
  });

  it('a wrong password stops the start', () => {
    expect(() =>
      createPadesSealer({ dataDir: dir(), pkcs12: { pkcs12File: fixture('seal-modern.p12'), password: 'nope' } }),
    ).toThrow(SealConfigError);
  });

  it('is read from SEAL_PKCS12_FILE and SEAL_PKCS12_PASSWORD', () => {
    const dataDir = dir();
    expect(loadConfig({ DATA_DIR: dataDir }).seal).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, SEAL_PKCS12_FILE: '/etc/under/seal.p12', SEAL_PKCS12_PASSWORD: 'pw' }).seal,
    ).toEqual({ pkcs12File: '/etc/under/seal.p12', password: 'pw' });
  });

  const openssl = existsSync('/usr/bin/openssl');
  it.skipIf(!openssl && process.env.CI !== 'true')(
    'OpenSSL verifies the seal up to the institution root (the chain travels in the CMS)',
    async () => {
      const sealer = createPadesSealer({
        dataDir: dir(),
        pkcs12: { pkcs12File: fixture('seal-modern.p12'), password: PASSWORD },
      });
      const { der, covered } = sealedCms(Buffer.from(await sealer.seal(await samplePdf(), info)));
      const work = dir();
      writeFileSync(path.join(work, 'sig.der'), der);
      writeFileSync(path.join(work, 'content.bin'), covered);
      const certs = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', 'sig.der', '-print_certs', '-noout'], {
        cwd: work,
        encoding: 'utf8',
      });
      expect(certs).toContain('First Test Bank document seal');
      expect(certs).toContain('Under Test Root');
      // full verification against the root only (no -noverify): the leaf comes from the CMS itself
      const out = execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'sig.der',
          '-content',
          'content.bin',
          '-CAfile',
          fixture('test-root-ca.pem'),
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toBe('');
    },
  );
});
