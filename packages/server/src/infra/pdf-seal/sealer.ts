/**
 * Seals PDFs we issue (issue 13): a PAdES-B signature by the platform's certificate (generated into the data dir on
 * first start, or a configured PKCS#12), so any change to a byte breaks the seal in any PDF reader; and checks a
 * PDF's seal for the verify page and API.
 */
export interface SealInfo {
  /** Shown in readers' signature panels: why the document was sealed. */
  reason: string;
  /** The application the document belongs to (stored in the signature dictionary's /Name-like entries). */
  applicationId: string;
  /** Our document id, so the verifier can name the record. */
  documentId: string;
  /** The sealing time (the signature's /M). */
  at: Date;
}

export interface SealCheck {
  /** The PDF has a signature made by our platform certificate (current or a previous one we kept). */
  ours: boolean;
  /** The signed byte ranges cover the whole file but the signature's contents, and the digest and signature match. */
  intact: boolean;
  /** The ids we wrote at sealing, when the seal could be read. */
  applicationId: string | null;
  documentId: string | null;
  sealedAt: Date | null;
  /** Why not ours or not intact, in words. */
  reason: string | null;
  /** SHA-256 of the whole file, hex (computed where the file was read). */
  sha256: string;
}

export interface Sealer {
  seal(pdf: Uint8Array, info: SealInfo): Promise<Uint8Array>;
  check(pdf: Uint8Array): Promise<SealCheck>;
}
