import type { Download } from 'playwright-core';

/** The bytes of a file the page downloaded (a blob saved through a download link). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
