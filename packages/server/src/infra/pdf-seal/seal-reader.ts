import { createHash } from 'node:crypto';
import { checkSignedData } from './cms';
import { parsePdfDate, scanSeal } from './seal-scan';

/**
 * What a PDF's seal says, read from its bytes alone (decisions 047, 055): the work of a check that touches the
 * file (scan, hashes, the CMS), done in a PDF worker for the verify API. Whether the signer is ours is decided by
 * the caller, who holds the certificates.
 */
export interface SealReading {
  /** Why the seal does not hold, in words; null when it covers the whole file and its signature checks out. */
  problem: string | null;
  /** SHA-256 fingerprint of the certificate that signed, when the signature could be read. */
  fingerprint: string | null;
  /** The ids we wrote at sealing, when the seal could be read. */
  applicationId: string | null;
  documentId: string | null;
  /** The seal's time (`/M`), ISO. */
  sealedAt: string | null;
  /** SHA-256 of the whole file, hex (the verify API compares it with the document we stored). */
  sha256: string;
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return hash.digest();
};

/** Reads and checks the last seal of a PDF in time linear in its size (seal-scan.ts). */
export function readSeal(pdf: Uint8Array): SealReading {
  const bytes = Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const whole = sha256(bytes).toString('hex');
  const fields = scanSeal(bytes);
  if (!fields.byteRange) {
    return {
      problem: 'The PDF carries no seal.',
      fingerprint: null,
      applicationId: null,
      documentId: null,
      sealedAt: null,
      sha256: whole,
    };
  }
  const [a, b, c, d] = fields.byteRange;
  const cms = fields.contents;
  const check = cms ? checkSignedData(cms) : { valid: false, digest: null, fingerprint: null };
  const problem =
    a !== 0 || b <= 0 || c <= b || !cms
      ? 'The seal is damaged.'
      : c + d !== bytes.length
        ? 'Bytes were added after the seal.'
        : !check.valid
          ? 'The seal does not match its signature.'
          : !check.digest?.equals(sha256(bytes.subarray(0, b), bytes.subarray(c, c + d)))
            ? 'The document was changed after it was sealed.'
            : null;
  return {
    problem,
    fingerprint: check.fingerprint,
    applicationId: fields.applicationId,
    documentId: fields.documentId,
    sealedAt: parsePdfDate(fields.signedAt)?.toISOString() ?? null,
    sha256: whole,
  };
}
