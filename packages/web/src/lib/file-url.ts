/** Our own routes that serve files behind a signed token: uploads, and generated documents (decision 046). */
const FILE_PATHS = ['/api/files', '/api/document-files'];

/**
 * Signed file URLs (`/api/files?token=…`, `/api/document-files?token=…`) are built from the server's PUBLIC_URL. Every file passes through
 * our own server (decision 007), so the page uses the path on its own origin: the strict CSP (connect-src and
 * img-src 'self') then allows it, whatever host name the browser reached the app by.
 */
export function sameOriginFileUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (FILE_PATHS.includes(parsed.pathname)) return `${parsed.pathname}${parsed.search}`;
    return url;
  } catch {
    return url;
  }
}
