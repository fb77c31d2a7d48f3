import { encode } from 'uqr';

/** A QR code of `value` drawn as SVG squares (uqr encodes; nothing is injected as HTML). */
export function QrCode({ value, size = 168, label }: { value: string; size?: number; label: string }) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="applicant-qr"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={cells.join('')} fill="#000000" />
    </svg>
  );
}
