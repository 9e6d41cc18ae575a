import { useEffect, useState } from 'react';

/**
 * The join link as a QR code, drawn here in the browser (the `qrcode` package, loaded only on
 * this screen) as an SVG image: the link never leaves the page to be drawn elsewhere.
 */
export function JoinQrCode({ link, alt }: { link: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: its exports may come as the module's default.
        const qr = mod.default ?? mod;
        return qr.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // The link above stays, to be copied or typed.
      });
    return () => {
      live = false;
    };
  }, [link]);
  // The box keeps the QR code's place while it is drawn, so nothing below it jumps.
  return (
    <div className="class-code__qr">
      {src ? <img src={src} alt={alt} width={192} height={192} /> : null}
    </div>
  );
}
