import { ERROR_CODES } from '@under/core/api/error.schema';
import type { VerifyResult } from '@under/core/applications/signing.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { PdfWorkError } from '../../infra/pdf/pdf-pool';
import type { SealCheck, Sealer } from '../../infra/pdf-seal/sealer';
import { createVerifyRepository } from './verify.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The seal of a file anyone sent, read in a PDF worker (decision 055): a file the worker refuses or that passes its
 * time limit gets a refusal that says so; a full queue, the PDF service's busy answer.
 */
async function checkSeal(sealer: Sealer, pdf: Buffer): Promise<SealCheck> {
  try {
    return await sealer.check(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  } catch (err) {
    if (!(err instanceof PdfWorkError) || err.kind === 'failed') throw err;
    if (err.kind === 'busy') throw new AppError(ERROR_CODES.pdfBusy);
    throw new AppError(ERROR_CODES.verifyUnreadable);
  }
}

/**
 * POST /api/public/verify (issue 13; decision 047): whether we issued a PDF (our seal, and a document of ours with
 * that id and, when intact, those exact bytes), for which application and when, and whether it is unchanged.
 */
export function createVerifyService(deps: { db: Db; sealer: Sealer }) {
  return {
    async verify(pdf: Buffer): Promise<VerifyResult> {
      if (pdf.length < 5 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new AppError(ERROR_CODES.verifyNotPdf);
      }
      const seal = await checkSeal(deps.sealer, pdf);
      const result: VerifyResult = {
        issued: false,
        intact: seal.intact,
        applicationId: null,
        applicationNumber: null,
        documentName: null,
        sealedAt: seal.sealedAt ? seal.sealedAt.toISOString() : null,
        reason: seal.reason,
      };
      if (!seal.ours || !seal.documentId || !UUID.test(seal.documentId)) return result;
      const row = await createVerifyRepository(deps.db).findDocument(seal.documentId);
      if (!row) return { ...result, reason: 'We have no record of this document.' };
      const sameBytes = seal.sha256 === row.sha256;
      return {
        ...result,
        issued: true,
        intact: seal.intact && sameBytes,
        applicationId: row.applicationId,
        applicationNumber: row.number,
        documentName: row.name,
        reason: seal.intact && !sameBytes ? 'The document differs from the one we issued.' : seal.reason,
      };
    },
  };
}

export type VerifyService = ReturnType<typeof createVerifyService>;
