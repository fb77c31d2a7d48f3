import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { keptFingerprints, loadOrCreateIdentity, type SealIdentity } from './certificate';
import { signedData } from './cms';
import { identityFromPkcs12 } from './pkcs12';
import { readSeal, type SealReading } from './seal-reader';
import type { SealCheck, Sealer, SealInfo } from './sealer';

/** Room for the CMS in /Contents (bytes): our signature with its certificate is about 1.5 KB. */
const CONTENTS_BYTES = 8192;
/** The ByteRange as written first: four numbers of fixed width, replaced in place once the offsets are known. */
const PLACEHOLDER = 9_999_999_999;

/** D:YYYYMMDDHHmmSSZ */
const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** A PDF with its signature field, the byte range written and room for the signature: where the hex string is. */
interface PreparedSeal {
  bytes: Uint8Array;
  hexStart: number;
  hexEnd: number;
}

/**
 * The pdf-lib part of a seal (the costly one: load and save), run in the PDF workers by the app: the signature field
 * and dictionary with a placeholder for the signature, saved, the byte range written in place. The signature itself
 * is made by the caller, who holds the key.
 */
export async function prepareSeal(pdf: Uint8Array, info: SealInfo): Promise<PreparedSeal> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const page = doc.getPage(0);
  const sigDict = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, PLACEHOLDER, PLACEHOLDER, PLACEHOLDER],
    Contents: PDFHexString.of('0'.repeat(CONTENTS_BYTES * 2)),
    M: PDFString.of(pdfDate(info.at)),
    Reason: PDFString.of(info.reason),
    Name: PDFString.of('Under'),
    Under_ApplicationId: PDFString.of(info.applicationId),
    Under_DocumentId: PDFString.of(info.documentId),
  });
  const sigRef = ctx.register(sigDict);
  const widget = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: sigRef,
    T: PDFString.of('Under seal'),
    F: 132,
    P: page.ref,
  });
  const widgetRef = ctx.register(widget);
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) annots.push(widgetRef);
  else page.node.set(PDFName.of('Annots'), ctx.obj([widgetRef]));
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [widgetRef], SigFlags: PDFNumber.of(3) }));
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  // where the placeholder's hex string sits: <000…0>
  const text = bytes.toString('latin1');
  const hexStart = text.indexOf(`<${'0'.repeat(CONTENTS_BYTES * 2)}>`);
  if (hexStart < 0) throw new Error('seal: signature placeholder not found');
  const hexEnd = hexStart + CONTENTS_BYTES * 2 + 2;
  const range = [0, hexStart, hexEnd, bytes.length - hexEnd];
  const found = new RegExp(`\\[\\s*0\\s+${PLACEHOLDER}\\s+${PLACEHOLDER}\\s+${PLACEHOLDER}\\s*\\]`).exec(text);
  if (!found) throw new Error('seal: byte range placeholder not found');
  const written = `[${range.join(' ')}]`.padEnd(found[0].length, ' ');
  if (written.length !== found[0].length) throw new Error('seal: byte range does not fit');
  bytes.write(written, found.index, 'latin1');
  return { bytes: new Uint8Array(bytes), hexStart, hexEnd };
}

/**
 * PAdES-B seal of the PDFs we generate (issue 13; decision 047): a signature field whose dictionary
 * (/SubFilter /ETSI.CAdES.detached) holds a CMS signature over every byte of the file but the signature itself, by
 * the platform's certificate; any change to a byte breaks it in any reader.
 */
export function createPadesSealer(
  opts: ({ dataDir: string; pkcs12?: { pkcs12File: string; password: string } } | { identity: SealIdentity }) & {
    /** Where the pdf-lib part runs (the app: the PDF workers); in this process by default. */
    prepare?: (pdf: Uint8Array, info: SealInfo) => Promise<PreparedSeal>;
    /**
     * Where a check reads the file (the app: the PDF workers, bounded in time and memory; decision 055); in this
     * process by default. It may reject (a file the worker refuses, or its time limit).
     */
    read?: (pdf: Uint8Array) => Promise<SealReading>;
  },
): Sealer {
  let identity: SealIdentity | undefined = 'identity' in opts ? opts.identity : undefined;
  // a configured PKCS#12 is read at once: a wrong file or password stops the start, not a seal later; documents
  // sealed before with the data dir's own identity still verify as ours
  if ('pkcs12' in opts && opts.pkcs12) {
    identity = identityFromPkcs12(
      readFileSync(opts.pkcs12.pkcs12File),
      opts.pkcs12.password,
      keptFingerprints(opts.dataDir),
    );
  }
  const id = () => {
    identity ??= loadOrCreateIdentity((opts as { dataDir: string }).dataDir);
    return identity;
  };

  return {
    async seal(pdf: Uint8Array, info: SealInfo): Promise<Uint8Array> {
      const prepared = await (opts.prepare ?? prepareSeal)(pdf, info);
      const bytes = Buffer.from(prepared.bytes);
      const { hexStart, hexEnd } = prepared;
      const digest = createHash('sha256').update(bytes.subarray(0, hexStart)).update(bytes.subarray(hexEnd)).digest();
      const cms = signedData(digest, id());
      if (cms.length > CONTENTS_BYTES) throw new Error('seal: signature larger than its room');
      bytes.write(cms.toString('hex').padEnd(CONTENTS_BYTES * 2, '0'), hexStart + 1, 'latin1');
      return new Uint8Array(bytes);
    },

    async check(pdf: Uint8Array): Promise<SealCheck> {
      const reading = await (opts.read ?? readSeal)(pdf);
      const ours = !!reading.fingerprint && id().fingerprints.includes(reading.fingerprint);
      return {
        ours,
        intact: reading.problem === null,
        applicationId: reading.applicationId,
        documentId: reading.documentId,
        sealedAt: reading.sealedAt ? new Date(reading.sealedAt) : null,
        reason: reading.problem ?? (ours ? null : 'The seal is not Under’s.'),
        sha256: reading.sha256,
      };
    },
  };
}
