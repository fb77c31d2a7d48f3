/**
 * Each owner at the place of their owner section (decision 059): index 0 is owner 1 (the primary), index 1 owner 2,
 * and so on; a section whose owner was removed stays empty, so owner 3's boxes never take another owner's signature.
 * An owner without a section (none after migration 0021) follows in the order they were named.
 */
export function ownersBySection<T extends { kind: string; position: number; ownerSection: number | null }>(
  owners: readonly T[],
): (T | undefined)[] {
  const out: (T | undefined)[] = [];
  const unsectioned: T[] = [];
  for (const o of owners) {
    const section = o.kind === 'primaryApplicant' ? 1 : o.ownerSection;
    if (section && out[section - 1] === undefined) out[section - 1] = o;
    else unsectioned.push(o);
  }
  out.push(...unsectioned.sort((a, b) => a.position - b.position));
  return Array.from(out, (o) => o);
}
