import { UPLOAD_TIMEOUT_MS } from '@under/core/constants';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';
import { CLIENT_ERROR_CODES, HttpError, toHttpError } from './http-error';

/**
 * PUTs a file to a signed upload URL with XMLHttpRequest (fetch reports no upload progress). The URL carries its own
 * authorization; a refusal is read as our JSON error so the page can show the server's message.
 */
export function putFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  contentType = file.type || 'application/octet-stream',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not our JSON error
      }
      reject(toHttpError(xhr.status, body));
    };
    xhr.onerror = () => reject(new HttpError(0, CLIENT_ERROR_CODES.network, MESSAGES.serverUnavailable));
    xhr.ontimeout = () => reject(new HttpError(0, CLIENT_ERROR_CODES.timeout, MESSAGES.serverUnavailable));
    xhr.send(file);
  });
}
