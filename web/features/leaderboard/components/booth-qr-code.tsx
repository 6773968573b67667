import { create } from 'qrcode';
import { useMemo } from 'react';

/** A QR code drawn locally as one SVG path (no image service): dark modules on a white quiet zone. */
export function BoothQrCode({ url, className }: { url: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) {
        if (modules.get(x, y)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
      }
    }
    return { size: modules.size + 8, path: parts.join('') };
  }, [url]);

  return (
    <svg viewBox={`0 0 ${size} ${size}`} className={className} role="img" aria-label={`QR code opening ${url}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#0b0a1a" />
    </svg>
  );
}
