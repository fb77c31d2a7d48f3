import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './certificate';

describe('the self-signed seal certificate', () => {
  it('is DER that OpenSSL parses, whatever its random serial (2,000 certificates of one key)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    const serials = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      // a serial whose first byte was 0x00 before a byte under 0x80 was not minimal DER: one certificate in 256 failed
      const cert = new X509Certificate(selfSignedCertificate(privateKey, spki));
      expect(cert.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
      serials.add(cert.serialNumber);
    }
    expect(serials.size).toBe(2000);
  });
});
