import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the code, as scanners expect (the QR standard's quiet zone). */
const QUIET_ZONE = 4;

/**
 * A QR code drawn here as inline SVG: the text (a two-factor secret) never leaves the page, which
 * an image from a QR service would send it in its address.
 */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { d, side: modules.size + 2 * QUIET_ZONE };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.side} ${path.side}`}
      shapeRendering="crispEdges"
    >
      <rect width={path.side} height={path.side} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
