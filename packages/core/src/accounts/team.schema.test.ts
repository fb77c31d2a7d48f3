import { describe, expect, it } from 'vitest';
import { ProfileBodySchema } from './profile.schema';
import { MembersQuerySchema } from './team.schema';

describe('MembersQuerySchema', () => {
  it('defaults to page 1 of 10, sorted by creation', () => {
    expect(MembersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'createdAt', order: 'asc' });
  });
  it('takes only the spec page sizes', () => {
    for (const size of ['10', '20', '25', '50', '75', '100'])
      expect(MembersQuerySchema.parse({ pageSize: size }).pageSize).toBe(Number(size));
    for (const size of ['0', '15', '1000', 'x'])
      expect(MembersQuerySchema.safeParse({ pageSize: size }).success).toBe(false);
  });
  it('search text is 3-50 characters; an empty box is no search', () => {
    expect(MembersQuerySchema.parse({ q: '' }).q).toBeUndefined();
    expect(MembersQuerySchema.safeParse({ q: 'ab' }).error?.issues[0]?.message).toBe(
      'Search text must be 3 to 50 characters',
    );
    expect(MembersQuerySchema.safeParse({ q: 'a'.repeat(51) }).success).toBe(false);
    expect(MembersQuerySchema.parse({ q: ' abc ' }).q).toBe('abc');
  });
});

describe('ProfileBodySchema', () => {
  const base = { email: 'Ann@Bank.com', firstName: 'Ann', lastName: 'Lee', phoneNumber: '555-123-4567' };
  it('needs a company name without an invitation, and lowercases the e-mail', () => {
    expect(ProfileBodySchema.safeParse(base).error?.issues[0]).toMatchObject({
      path: ['companyName'],
      message: 'Company name is required',
    });
    expect(ProfileBodySchema.safeParse({ ...base, companyName: 'ab' }).error?.issues[0]?.message).toBe(
      'Company name must be 3 to 100 characters',
    );
    expect(ProfileBodySchema.parse({ ...base, companyName: ' Bank ' })).toMatchObject({
      email: 'ann@bank.com',
      companyName: 'Bank',
    });
  });
  it('does not need a company name with an invitation', () => {
    expect(ProfileBodySchema.safeParse({ ...base, invitationCode: 'a'.repeat(43) }).success).toBe(true);
  });
});
