/**
 * Log-out leaves nothing behind (spec 1 §4): session and local storage and every cookie script can see.
 * HttpOnly cookies (the refresh credential) are invisible here; the server's sign-out expires them.
 */
export function clearBrowserStorage(): void {
  safely(() => window.sessionStorage.clear());
  safely(() => window.localStorage.clear());
  safely(clearCookies);
}

function clearCookies(): void {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((name): name is string => Boolean(name));
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
  // A cookie is only removed with the path and domain it was set with; try the likely ones.
  const paths = pathPrefixes(window.location.pathname);
  const domains = ['', window.location.hostname, `.${window.location.hostname}`];
  for (const name of names) {
    for (const path of paths) {
      for (const domain of domains) {
        // biome-ignore lint/suspicious/noDocumentCookie: clearing every readable cookie is the requirement here.
        document.cookie = `${name}=; ${expired}; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}

function pathPrefixes(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  const prefixes = ['/'];
  let current = '';
  for (const part of parts) {
    current += `/${part}`;
    prefixes.push(current);
  }
  return prefixes;
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Storage can be disabled (privacy modes); there is then nothing to clear.
  }
}

/** Reads a JSON value from sessionStorage; a missing, unreadable or malformed value is null. */
export function readSessionJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  safely(() => window.sessionStorage.setItem(key, JSON.stringify(value)));
}

export function removeSessionItem(key: string): void {
  safely(() => window.sessionStorage.removeItem(key));
}
