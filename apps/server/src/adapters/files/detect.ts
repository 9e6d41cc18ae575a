export type FileKind = 'pdf' | 'docx' | 'text' | 'unknown';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What a file is, judged by its bytes, never by its name or the client's Content-Type:
 * `%PDF-`; a ZIP naming word/document.xml; UTF-8 text without control characters.
 */
export function detectKind(data: Buffer): FileKind {
  if (data.length === 0) return 'unknown';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) {
    // The central directory lists entry names in clear text at the end of the archive.
    const tail = data.subarray(Math.max(0, data.length - 256 * 1024)).toString('latin1');
    return tail.includes('word/document.xml') && tail.includes('[Content_Types].xml')
      ? 'docx'
      : 'unknown';
  }
  return looksLikeText(data) ? 'text' : 'unknown';
}

/** True for bytes that decode as UTF-8 text without control characters (except whitespace). */
export function looksLikeText(data: Uint8Array): boolean {
  // stream: a character cut by the 64 KB window is held back, not read as a broken one.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(0, 64 * 1024), {
    stream: true,
  });
  if (text.includes('\uFFFD')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for binary content
  return !/[\u0000-\u0008\u000E-\u001F]/.test(text);
}
