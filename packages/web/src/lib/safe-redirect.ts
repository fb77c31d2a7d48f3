/**
 * The ?redirect= of the login page comes from the address bar, so anyone can craft it: only a path of this
 * app is followed ('/edit-account?tab=1'), never another origin ('//evil.example', 'https://…', '/\\evil').
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn '/\t/evil' into '//evil'.
  if (hasControlCharacter(value)) return fallback;
  try {
    const url = new URL(value, 'http://under.invalid');
    if (url.origin !== 'http://under.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The login address that brings the visitor back to `path` after signing in. */
export function loginPathFor(path: string): string {
  if (!path || path === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
