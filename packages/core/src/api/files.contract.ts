import { z } from 'zod';
import { OkResponseSchema } from '../auth/auth.schema';
import { endpoint } from './contract';

// the token rides in the query: it is longer than a path parameter may be
export const FileTokenQuerySchema = z.strictObject({ token: z.string().max(2000) });
export const FileUploadResponseSchema = OkResponseSchema.extend({ size: z.number() });

/**
 * Signed file URLs (`/api/files?token=…`, decision 007): the signature is the credential. The web does not call
 * these through the API client: it PUTs to and loads from the URLs the server signed (lib/put-file.ts, file-url.ts).
 */
export const FILES_API = {
  upload: endpoint({
    method: 'PUT',
    path: '/api/files',
    query: FileTokenQuerySchema,
    response: FileUploadResponseSchema,
    tag: 'files',
  }),
  /** The file's bytes, with its content type. */
  download: endpoint({ method: 'GET', path: '/api/files', query: FileTokenQuerySchema, tag: 'files' }),
} as const;
