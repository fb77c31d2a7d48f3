import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { sealedCms } from '../../test/sealed-cms';
import { loadOrCreateIdentity } from './certificate';
import { createPadesSealer } from './pades';

async function samplePdf(pages = 2) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([612, 792]).drawText(`Page ${i + 1} value 12345`, { x: 72, y: 700, font });
  return doc.save();
}
const info = {
  reason: 'Issued by Under',
  applicationId: 'app-1',
  documentId: 'doc-1',
  at: new Date('2026-11-23T12:00:00Z'),
};
const dir = () => mkdtempSync(path.join(tmpdir(), 'under-seal-'));

describe('PAdES seal', () => {
  const dataDir = dir();
  const sealer = createPadesSealer({ dataDir });

  it('a sealed PDF checks out: ours, intact, with its ids and time', async () => {
    const sealed = await sealer.seal(await samplePdf(), info);
    expect(await sealer.check(sealed)).toEqual({
      ours: true,
      intact: true,
      applicationId: 'app-1',
      documentId: 'doc-1',
      sealedAt: info.at,
      reason: null,
      sha256: createHash('sha256').update(sealed).digest('hex'),
    });
    // pdf.js still opens it and sees a signature field
    const doc = await getDocument({ data: new Uint8Array(sealed), isEvalSupported: false }).promise;
    expect(doc.numPages).toBe(2);
    const annots = await (await doc.getPage(1)).getAnnotations();
    expect(annots.some((a: { fieldType?: string }) => a.fieldType === 'Sig')).toBe(true);
    await doc.destroy();
  });

  it('one changed byte anywhere breaks it: in the content, in the signature, and bytes appended', async () => {
    const sealed = Buffer.from(await sealer.seal(await samplePdf(), info));
    const text = sealed.toString('latin1');
    const content = Buffer.from(sealed);
    const at = text.indexOf('/Type /Catalog');
    content[at + 2] = (content[at + 2] as number) ^ 0x01;
    expect((await sealer.check(content)).intact).toBe(false);
    const signature = Buffer.from(sealed);
    const hex = text.indexOf('/Contents <') + 40;
    signature[hex] = signature[hex] === 0x41 ? 0x42 : 0x41;
    expect((await sealer.check(signature)).intact).toBe(false);
    const appended = Buffer.concat([sealed, Buffer.from('\n% more\n')]);
    expect(await sealer.check(appended)).toMatchObject({ intact: false, reason: 'Bytes were added after the seal.' });
    // the last byte of the file too
    const tail = Buffer.from(sealed);
    tail[tail.length - 2] = (tail[tail.length - 2] as number) ^ 0x01;
    expect((await sealer.check(tail)).intact).toBe(false);
  });

  it('another certificate seals intact but not ours; an unsealed PDF is neither', async () => {
    const foreign = createPadesSealer({ dataDir: dir() });
    const sealed = await foreign.seal(await samplePdf(), info);
    expect(await sealer.check(sealed)).toMatchObject({ ours: false, intact: true });
    expect(await sealer.check(await samplePdf())).toMatchObject({ ours: false, intact: false });
  });

  it('the key is made once, kept 0600, and reused', () => {
    const d = dir();
    const first = loadOrCreateIdentity(d);
    const again = loadOrCreateIdentity(d);
    expect(again.fingerprints[0]).toBe(first.fingerprints[0]);
    expect(statSync(path.join(d, 'seal', 'seal-key.pem')).mode & 0o777).toBe(0o600);
  });

  const openssl = existsSync('/usr/bin/openssl');
  it.skipIf(!openssl && process.env.CI !== 'true')(
    'OpenSSL verifies the CMS over the covered bytes and sees signingCertificateV2',
    async () => {
      const sealed = Buffer.from(await sealer.seal(await samplePdf(), info));
      const { der, covered } = sealedCms(sealed);
      const work = dir();
      writeFileSync(path.join(work, 'sig.der'), der);
      writeFileSync(path.join(work, 'content.bin'), covered);
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
          '-noverify',
          '-out',
          '/dev/null',
        ],
        { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toBe('');
      const parsed = execFileSync('openssl', ['asn1parse', '-inform', 'DER', '-in', 'sig.der'], {
        cwd: work,
        encoding: 'utf8',
      });
      expect(parsed).toMatch(/id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/);
      expect(parsed).not.toMatch(/signingTime/);
    },
  );
});
