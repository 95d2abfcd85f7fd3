/** How long an object URL handed to the download manager stays valid. */
export const SAVED_URL_LIFETIME_MS = 30_000;

/** Hands a file to the browser's download manager. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), SAVED_URL_LIFETIME_MS);
}
