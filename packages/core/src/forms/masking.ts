/**
 * Masking of encrypted values (spec 1 §5). The masked text goes to the browser instead of the value, so a
 * masked value coming back on save means "unchanged", never a new value.
 */

export const MASK_CHARACTER = '*';

/** How many trailing characters stay visible: up to 4 characters show 1, up to 10 show 2, longer show 4. */
export function visibleTailLength(length: number): number {
  if (length <= 4) return 1;
  if (length <= 10) return 2;
  return 4;
}

/** Masks a value, keeping its length: `123456789` becomes `*******89`. Empty values stay empty. */
export function maskValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (text.length === 0) return '';
  const visible = Math.min(visibleTailLength(text.length), text.length);
  return MASK_CHARACTER.repeat(text.length - visible) + text.slice(text.length - visible);
}

/** True when a submitted value contains the mask character, so it must count as empty on save (spec 1 §5). */
export function isMaskedValue(value: unknown): boolean {
  return typeof value === 'string' && value.includes(MASK_CHARACTER);
}
