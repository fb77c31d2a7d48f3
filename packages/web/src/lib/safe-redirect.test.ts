import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/edit-account', '/applications/42?tab=notes#top', '/'])('follows the app path %s', (path) => {
    expect(safeRedirect(path, '/')).toBe(path);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'edit-account',
    '',
    null,
  ])('refuses %s and goes home instead', (value) => {
    expect(safeRedirect(value, '/home')).toBe('/home');
  });

  it('builds the login address that comes back to the page', () => {
    expect(loginPathFor('/edit-account')).toBe('/login?redirect=%2Fedit-account');
    expect(loginPathFor('/')).toBe('/login');
  });
});
