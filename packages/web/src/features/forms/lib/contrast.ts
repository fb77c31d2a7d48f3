/** WCAG 2 relative luminance of a `#rgb` or `#rrggbb` colour; undefined for anything else (names, rgb()). */
export function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours; undefined when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return undefined;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `preferred` as text on `background` when it is readable there (WCAG AA for normal text, 4.5:1), else `fallback`:
 * a colour a form's author chose must not make its text unreadable.
 */
export function readableOn(preferred: string, background: string, fallback: string): string {
  const ratio = contrastRatio(preferred, background);
  return ratio !== undefined && ratio >= 4.5 ? preferred : fallback;
}
