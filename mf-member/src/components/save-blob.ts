/**
 * Saves a blob the page fetched (the clicks CSV and, issue 33, the account export need the bearer
 * token, so a plain <a href> cannot fetch them): a temporary object URL and a click on a download link.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a little later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
