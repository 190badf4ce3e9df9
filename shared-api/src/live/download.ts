import { requestOf, transmit, type CallInput, type CallPath } from '@rotalink/shared-api';

/** A file the server sends (the clicks CSV): its bytes and the name from Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** A token-bearing download (an <a href> cannot carry the bearer token): the page saves the blob. */
export async function download(path: CallPath, input: CallInput, fallbackName: string): Promise<Download> {
  const { request, bearer } = requestOf(path, input);
  // An error answer is read as JSON by the kernel (the server's text); only a 2xx one is a Blob.
  const response = await transmit<Blob>({ ...request, as: 'blob' }, bearer);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: response.data, filename };
}
