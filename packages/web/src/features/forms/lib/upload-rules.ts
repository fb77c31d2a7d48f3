import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';

const TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'application/pdf']);
const EXTENSIONS = /\.(png|jpe?g|pdf)$/i;

/** Spec 1 §5 uploads, checked before sending: png, jpeg, jpg or pdf, at most 25 MB. */
export function checkUploadFile(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk || !EXTENSIONS.test(file.name)) return MESSAGES.fileTypeNotSupported;
  if (file.size > UPLOAD_MAX_BYTES) return MESSAGES.fileTooLarge;
  return undefined;
}
