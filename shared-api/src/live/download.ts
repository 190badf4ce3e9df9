import { http, requestOf, toApiError, type CallInput, type CallPath } from '@rotalink/shared-api';

/** A file the server sends (the clicks CSV): its bytes and the name from Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** A token-bearing download (an <a href> cannot carry the bearer token): the page saves the blob. */
export async function download(path: CallPath, input: CallInput, fallbackName: string): Promise<Download> {
  const { config, bearer } = requestOf(path, input);
  config.responseType = 'blob';
  try {
    const response = await http.request<Blob>(config);
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: response.data, filename };
  } catch (err) {
    // An error answer arrives as a Blob too: read its JSON so the page shows the server's text.
    // (Not axios's isAxiosError: this entry is bundled into each page that uses it, axios is not.)
    const answer = (err as { response?: { data?: unknown } } | null)?.response;
    if (answer?.data instanceof Blob) {
      try {
        answer.data = JSON.parse(await blobText(answer.data)) as unknown;
      } catch {
        /* not JSON: the generic text follows */
      }
    }
    throw toApiError(err, bearer);
  }
}

/** A blob's text (FileReader: also where Blob.text() is missing, as in older engines and jsdom). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}
