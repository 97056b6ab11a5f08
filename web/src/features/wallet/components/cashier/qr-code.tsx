import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The dark modules of a QR code as one SVG path, one unit per module, with a quiet zone of 4. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: modules.size + quiet * 2, path };
}

/** A QR code drawn as SVG by React (no canvas, no inline script), dark on light so any wallet app reads it. */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const code = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${code.size} ${code.size}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={code.size} height={code.size} fill="#ffffff" />
      <path d={code.path} fill="#04140e" />
    </svg>
  );
}
