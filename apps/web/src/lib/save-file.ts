/**
 * Saves a Blob as a file: a temporary object URL on a temporary `<a download>`, clicked, then
 * both are removed (the URL is revoked on the next task, once the browser has taken it).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
