import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateIdentity } from './certificate';
import { checkSignedData, signedData } from './cms';

// decision 063: the CMS is written and read with @peculiar/asn1-* and asn1js instead of our der.ts
describe('the seal’s CMS', () => {
  it('still reads and checks a CMS our former DER writer made (documents sealed before decision 063)', () => {
    const before = readFileSync(path.join(import.meta.dirname, 'fixtures/cms-before-063.der'));
    const digest = createHash('sha256').update('sealed before decision 063').digest();
    const padded = Buffer.concat([before, Buffer.alloc(8192 - before.length)]);
    expect(checkSignedData(padded)).toEqual({
      valid: true,
      digest,
      fingerprint: 'df458c48bda5c8148bce8516a84545861d0fad5a8777e9de5f176b3132503d3c',
    });
    // its signature, one bit changed: read, not valid
    const changed = Buffer.from(padded);
    changed[before.length - 10] = (changed[before.length - 10] as number) ^ 0x01;
    expect(checkSignedData(changed)).toMatchObject({ valid: false, digest });
  });

  it('reads back what it writes: the digest, the certificate’s fingerprint, a valid signature; garbage is not valid', () => {
    const identity = loadOrCreateIdentity(mkdtempSync(path.join(tmpdir(), 'under-cms-')));
    const digest = createHash('sha256').update('a document').digest();
    const cms = signedData(digest, identity);
    expect(checkSignedData(Buffer.concat([cms, Buffer.alloc(100)]))).toEqual({
      valid: true,
      digest,
      fingerprint: identity.fingerprints[0],
    });
    const none = { valid: false, digest: null, fingerprint: null };
    expect(checkSignedData(Buffer.alloc(64))).toEqual(none);
    expect(checkSignedData(cms.subarray(0, 200))).toEqual(none);
  });
});
