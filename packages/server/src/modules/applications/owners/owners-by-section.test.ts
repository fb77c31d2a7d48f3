import { describe, expect, it } from 'vitest';
import { ownersBySection } from './owners-by-section';

const owner = (id: string, kind: string, position: number, ownerSection: number | null) => ({
  id,
  kind,
  position,
  ownerSection,
});

describe('ownersBySection (decision 059)', () => {
  it('puts the primary at owner 1 and each additional owner at their section, whatever the naming order', () => {
    const owners = [
      owner('c', 'additionalOwner', 1, 3),
      owner('p', 'primaryApplicant', 0, 1),
      owner('b', 'additionalOwner', 2, 2),
    ];
    expect(ownersBySection(owners).map((o) => o?.id)).toEqual(['p', 'b', 'c']);
  });

  it("leaves a removed owner's section empty, so owner 3's boxes never take owner 2's place", () => {
    const owners = [owner('p', 'primaryApplicant', 0, 1), owner('c', 'additionalOwner', 2, 3)];
    const bySection = ownersBySection(owners);
    expect(bySection).toHaveLength(3);
    expect(bySection[1]).toBeUndefined();
    expect(bySection[2]?.id).toBe('c');
  });

  it('places owners without a section (named before sections existed) after the others, in naming order', () => {
    const owners = [
      owner('p', 'primaryApplicant', 0, null),
      owner('y', 'additionalOwner', 3, null),
      owner('x', 'additionalOwner', 2, null),
    ];
    expect(ownersBySection(owners).map((o) => o?.id)).toEqual(['p', 'x', 'y']);
  });
});
