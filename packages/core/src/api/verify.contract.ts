import { VerifyResultSchema } from '../applications/signing.schema';
import { endpoint } from './contract';

const tag = 'signing';

/** Anyone checks whether a PDF was sealed by us and is unchanged. */
export const VERIFY_API = {
  // body: the PDF's bytes as application/pdf
  verify: endpoint({
    method: 'POST',
    path: '/api/public/verify',
    response: VerifyResultSchema,
    tag,
    summary:
      'Whether we issued a PDF (body: its bytes, application/pdf), for which application and when, and whether it is unchanged',
  }),
} as const;
