/** The smallest transparent 1×1 GIF (43 bytes): what the pixel always answers. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** `abc.gif` → `abc`; undefined for anything else. */
export function pixelProfileId(file: string): string | undefined {
  const m = /^([A-Za-z0-9_-]{1,64})\.gif$/.exec(file);
  return m?.[1];
}
