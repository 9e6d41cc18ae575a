import { looksLikeText } from './extract-text.js';

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
