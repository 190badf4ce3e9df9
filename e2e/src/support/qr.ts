import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads the QR code in a PNG (pngjs for the pixels, jsQR to decode: both maintained). */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
