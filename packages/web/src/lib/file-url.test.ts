import { describe, expect, it } from 'vitest';
import { sameOriginFileUrl } from './file-url';

describe('sameOriginFileUrl', () => {
  it("serves our signed file URLs from the page's own origin, whatever host PUBLIC_URL names", () => {
    expect(sameOriginFileUrl('http://localhost:3000/api/files?token=a.b')).toBe('/api/files?token=a.b');
    expect(sameOriginFileUrl('https://portal.example/api/document-files?token=c.d')).toBe(
      '/api/document-files?token=c.d',
    );
  });

  it('leaves any other URL as it is (a look-alike path included)', () => {
    expect(sameOriginFileUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(sameOriginFileUrl('http://localhost:3000/api/files-other?token=x')).toBe(
      'http://localhost:3000/api/files-other?token=x',
    );
  });
});
