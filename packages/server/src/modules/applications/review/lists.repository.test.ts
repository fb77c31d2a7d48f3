import { describe, expect, it } from 'vitest';
import { searchQuery } from './lists.repository';

describe('searchQuery', () => {
  it('makes word prefixes of what the user typed, nothing of the tsquery syntax', () => {
    expect(searchQuery('Acme Retail')).toBe('acme:* & retail:*');
    expect(searchQuery('zoe@zeta.example')).toBe('zoe:* & zeta:* & example:*');
    expect(searchQuery("o'brien | !x & (y) <-> z:*")).toBe('o:* & brien:* & x:* & y:* & z:*');
    expect(searchQuery('Müller')).toBe('müller:*');
    expect(searchQuery('... --- ')).toBeUndefined();
  });
});
