import type { SourceText } from '../ai/ai-engine.js';

export interface Extraction {
  sources: SourceText[];
  /** One line per file that could not be read, naming it. */
  warnings: string[];
}

const MAX_TEXT = 2_000_000;

/** True for bytes that decode as UTF-8 text without control characters (except whitespace). */
export function looksLikeText(data: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(0, 64 * 1024));
  if (text.includes('\uFFFD')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for binary content
  return !/[\u0000-\u0008\u000E-\u001F]/.test(text);
}

/**
 * Text of the uploaded files, judged by content, never by name. Plain text and Markdown are
 * read here; other formats are named in a warning instead of failing the request.
 */
export function extractTexts(files: { filename: string; data: Buffer }[]): Extraction {
  const sources: SourceText[] = [];
  const warnings: string[] = [];
  for (const f of files) {
    const name = f.filename.slice(0, 200) || 'file';
    if (looksLikeText(f.data)) {
      sources.push({ name, text: f.data.toString('utf8').slice(0, MAX_TEXT) });
    } else if (f.data.subarray(0, 5).toString('latin1') === '%PDF-') {
      warnings.push(
        `${name}: PDF files cannot be read here yet; paste the text or upload it as .txt or .md.`,
      );
    } else {
      warnings.push(`${name}: this file could not be read as text and was skipped.`);
    }
  }
  return { sources, warnings };
}
