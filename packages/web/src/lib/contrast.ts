/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21), or undefined while either is not a full hex colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return undefined;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * `preferred` as text on `background` when it is readable there (WCAG AA for normal text, 4.5:1), else `fallback`:
 * a colour a form's author chose must not make its text unreadable.
 */
export function readableOn(preferred: string, background: string, fallback: string): string {
  const ratio = contrastRatio(preferred, background);
  return ratio !== undefined && ratio >= 4.5 ? preferred : fallback;
}
