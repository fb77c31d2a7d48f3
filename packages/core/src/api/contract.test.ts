import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, endpointPath } from './contract';

const getMember = endpoint({
  method: 'GET',
  path: '/api/members/:memberId',
  params: z.object({ memberId: z.string() }),
  response: z.object({ id: z.string() }),
  tag: 'team',
});

describe('endpointPath', () => {
  it('fills and encodes path parameters', () => {
    expect(endpointPath(getMember, { memberId: 'a/b c' })).toBe('/api/members/a%2Fb%20c');
  });
  it('refuses a missing parameter instead of calling a wrong URL', () => {
    expect(() => endpointPath(getMember, {})).toThrow('missing parameter memberId');
  });
  it('builds the query, leaving out empty values and repeating arrays', () => {
    const list = endpoint({ method: 'GET', path: '/api/applications', tag: 'applications' });
    expect(endpointPath(list, undefined, { page: 2, q: '', statuses: ['pending', 'approved'], x: undefined })).toBe(
      '/api/applications?page=2&statuses=pending&statuses=approved',
    );
  });
});
