/**
 * Keys and option values that follow what the author types as a label, the way Form.io's builder does it:
 * camelCase of the label's words ("Legal name" -> `legalName`), letters and digits only, never starting with a
 * digit, made unique where it must be (`legalName1`).
 */
export function camelKey(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const key = words
    .map((word, i) => {
      // "DBA name" -> dbaName, "EIN" -> ein: an all-capitals word is an acronym, lower-cased whole.
      const lower = word === word.toUpperCase() ? word.toLowerCase() : word[0]?.toLowerCase() + word.slice(1);
      return i === 0 ? lower : (lower[0]?.toUpperCase() ?? '') + lower.slice(1);
    })
    .join('');
  return /^[0-9]/.test(key) ? `field${key}` : key;
}

/** `base`, or `base1`, `base2`, ... whichever `taken` does not hold. */
export function freeName(taken: ReadonlySet<string>, base: string): string {
  if (!taken.has(base)) return base;
  const stem = base.replace(/\d+$/, '') || base;
  for (let i = 1; ; i++) {
    const candidate = `${stem}${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

interface Option {
  label: string;
  value: string | number | boolean;
}

/**
 * The options after option `index` got `label`. Its value follows the label while it still is what the old label
 * gave (or the default `optionN` the palette wrote): a value typed by hand stays. Values stay unique.
 */
export function relabelOption<T extends Option>(options: readonly T[], index: number, label: string): T[] {
  const old = options[index];
  if (!old) return [...options];
  const follows =
    typeof old.value === 'string' &&
    (old.value === '' ||
      old.value === `option${index + 1}` ||
      old.value === camelKey(old.label) ||
      old.value === freeName(otherValues(options, index), camelKey(old.label)));
  const value = follows ? freeName(otherValues(options, index), camelKey(label) || `option${index + 1}`) : old.value;
  return options.map((o, i) => (i === index ? { ...o, label, value } : o));
}

/** A new last option: `Option N`, with a value none of the others has (one removed earlier may have left `optionN`). */
export function newOption(options: readonly Option[]): Option {
  const n = options.length + 1;
  return { label: `Option ${n}`, value: freeName(new Set(options.map((o) => String(o.value))), `option${n}`) };
}

function otherValues(options: readonly Option[], index: number): Set<string> {
  return new Set(options.filter((_, i) => i !== index).map((o) => String(o.value)));
}
