/**
 * QR images for a URL, made in the browser with `qrcode` (MIT, maintained; decision 0070). The
 * library is imported on first use, so it is its own chunk: the dashboard paints without it and
 * fetches it afterwards (about 9 KB gzip, measured in mf-member/README.md).
 */
export interface QrImages {
  /** data: URL of an SVG (crisp at any size: shown on the page and offered as a download). */
  svgUrl: string;
  /** data: URL of a 512 × 512 PNG (for tools that take no SVG). */
  pngUrl: string;
}

/**
 * Error correction M (15 %) keeps a 60-character URL at a version a phone reads from a print; a
 * 4-module quiet zone is what the QR standard asks for and what scanners need around the code.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
export const QR_PNG_SIZE = 512;

export async function renderQr(text: string): Promise<QrImages> {
  const QRCode = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  const [svg, pngUrl] = await Promise.all([
    QRCode.toString(text, { ...OPTIONS, type: 'svg' }),
    QRCode.toDataURL(text, { ...OPTIONS, type: 'image/png', width: QR_PNG_SIZE }),
  ]);
  return { svgUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, pngUrl };
}

/** Latin letters NFD does not split into a base letter and a mark. */
const UNSPLIT: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A file name safe on every OS: letters, digits and dashes. Accented letters are folded to ASCII
 * first ("Óbrien" → "obrien"): the ASCII filter alone would drop them and mangle the name.
 */
export function qrFileName(kind: string, owner: string, ext: 'png' | 'svg'): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[ßæœøłđðþı]/g, (c) => UNSPLIT[c])
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
  return `rotalink-qr-${slug(kind)}-${slug(owner) || 'profile'}.${ext}`;
}
