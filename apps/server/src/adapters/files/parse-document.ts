import { decodeHTMLStrict } from 'entities';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { joinPages, PARSE_LIMITS, type PageRun, pageRange } from './pdf-pages.js';
import { readZipParts, type ZipRefusal } from './zip-guard.js';

/**
 * Text of PDF and Word files. Runs inside the parser child process (parse-child.ts), whose
 * memory the operating system caps: pdf.js and mammoth inflate what they read into buffers
 * that no JavaScript heap limit counts.
 */

/** Why a document was not read: the code of the notice that tells the student, its params. */
export type ParseFailure =
  | {
      code:
        | 'file_unreadable'
        | 'file_encrypted'
        | 'file_not_word'
        | ZipRefusal
        | 'file_too_large'
        | 'file_read_timeout'
        | 'file_read_cancelled'
        | 'file_server_busy'
        | 'file_server_stopping';
    }
  | { code: 'file_too_many_pages'; count: number; maxPages: number };

/** A failure the student is told about. */
export class ParseRefusal extends Error {
  constructor(readonly failure: ParseFailure) {
    super(failure.code);
  }
}

export async function parseDocument(kind: 'pdf' | 'docx', data: Uint8Array): Promise<string> {
  // pdf.js refuses a Buffer (what IPC delivers); a plain view of the same bytes will do.
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 'docx') return parseDocx(Buffer.from(bytes));
  return joinPages([await parsePdfPages(bytes, { index: 0, of: 1 })]);
}

/**
 * The text of each page of one run of a PDF's pages (parse-pool.ts reads a long PDF in two
 * runs at once, one per process). A run stops once it holds the text cap; joinPages keeps what
 * a single reading would have.
 */
export async function parsePdfPages(data: Uint8Array, run: PageRun): Promise<string[]> {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, { isEvalSupported: false, disableFontFace: true });
  } catch (err) {
    if ((err as { name?: string })?.name === 'PasswordException')
      throw new ParseRefusal({ code: 'file_encrypted' });
    throw new ParseRefusal({ code: 'file_unreadable' });
  }
  if (pdf.numPages > PARSE_LIMITS.maxPages)
    throw new ParseRefusal({
      code: 'file_too_many_pages',
      count: pdf.numPages,
      maxPages: PARSE_LIMITS.maxPages,
    });
  const [first, last] = pageRange(pdf.numPages, run);
  const { normalizeUnicode } = await getResolvedPDFJS();
  const pages: string[] = [];
  let chars = 0;
  // Page by page, so a long document stops being read once the text cap is reached.
  for (let i = first; i <= last && chars < PARSE_LIMITS.maxTextChars; i++) {
    const page = await pdf.getPage(i);
    // pdf.js's own normalization (ligatures such as "ﬁ" to "fi", compatibility forms such as
    // the micro sign), applied once to the page's text rather than by pdf.js to each run of
    // glyphs: the same mapping, at a tenth less of the read's time.
    const content = await page.getTextContent({ disableNormalization: true });
    const lines: PdfLine[] = [];
    let line: PdfLine = { text: '', y: undefined, size: 0 };
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line.text += item.str;
      if (item.str.trim()) {
        if (line.y === undefined) line.y = item.transform[5];
        line.size = Math.max(line.size, item.height);
      }
      if (item.hasEOL) {
        lines.push(line);
        line = { text: '', y: undefined, size: 0 };
      }
    }
    if (line.text) lines.push(line);
    page.cleanup();
    const text = normalizeUnicode(paragraphs(lines));
    pages.push(text);
    chars += text.length;
  }
  await pdf.destroy();
  return pages;
}

interface PdfLine {
  text: string;
  /** The baseline of its first glyphs, from the page's bottom. */
  y: number | undefined;
  /** The height of its largest glyphs (the font size). */
  size: number;
}

// A line further below the one above than this many times the page's usual line spacing starts
// a new paragraph (word processors add space between paragraphs, not between lines).
const PARAGRAPH_GAP = 1.3;
const BULLET = /^\s*[•◦▪‣∙·●○■□–]\s+/;
// A short line set this much larger than the page's text is a heading, gap or none.
const HEADING_SIZE = 1.15;
const HEADING_WORDS = 12;

/** Whether a line is a heading by its size: larger than the body text, short, no sentence. */
function largeHeading(line: PdfLine, body: number): boolean {
  const t = line.text.trim();
  return (
    body > 0 &&
    line.size >= body * HEADING_SIZE &&
    t.split(/\s+/).length <= HEADING_WORDS &&
    !/[.,;:!?]$/.test(t)
  );
}

/**
 * A page's lines with a blank line where a paragraph starts, judged by position: the text
 * items carry no paragraphs, and read line by line every line end became a sentence's end.
 * Bullet characters become Markdown list markers.
 */
function paragraphs(lines: PdfLine[]): string {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1]?.y;
    const y = lines[i]?.y;
    if (above !== undefined && y !== undefined && above > y) gaps.push(above - y);
  }
  // The line spacing within paragraphs: the lower quartile of the gaps, since short
  // paragraphs and headings can make half the gaps paragraph gaps.
  gaps.sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 4)];
  // The body text's size: the size most of the page's characters are set in.
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + l.text.length);
  const body = [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  let out = '';
  let aboveY: number | undefined;
  let afterHeading = false;
  for (const line of lines) {
    const { text, y } = line;
    if (!text.trim()) continue;
    const gap = aboveY !== undefined && y !== undefined ? aboveY - y : undefined;
    const heading = largeHeading(line, body);
    // A line higher than the one above starts a new column or text box; a heading set larger
    // than the text stands alone, however close the lines around it.
    const starts =
      heading ||
      afterHeading ||
      (usual !== undefined && gap !== undefined && (gap > usual * PARAGRAPH_GAP || gap < 0));
    if (out) out += starts ? '\n\n' : '\n';
    out += text.replace(BULLET, '- ');
    if (y !== undefined) aboveY = y;
    afterHeading = heading;
  }
  return out;
}

async function parseDocx(data: Buffer): Promise<string> {
  const read = await readZipParts(data);
  if (!read.ok) throw new ParseRefusal({ code: read.reason });
  if (!read.parts.has('word/document.xml')) throw new ParseRefusal({ code: 'file_not_word' });
  // mammoth inflates with its own JSZip and no size bound: hand it an archive rebuilt, stored
  // without compression, from the parts already read under the caps.
  const clean = new JSZip();
  for (const [name, bytes] of read.parts) clean.file(name, bytes);
  const buffer = await clean.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  const { value } = await mammoth.convertToHtml(
    { buffer },
    {
      externalFileAccess: false,
      // Images are not text: never read them.
      convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
    },
  );
  return htmlToMarkdownText(value);
}

/**
 * mammoth's HTML as text, headings kept as Markdown headings (they become topics). One pass
 * with indexOf, so its time is linear in the input whatever the input holds.
 */
export function htmlToMarkdownText(html: string): string {
  let out = '';
  let at = 0;
  // Open lists, innermost last: the items an ordered one has numbered, or -1 for bullets.
  const lists: number[] = [];
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      out += decode(html.slice(at));
      break;
    }
    out += decode(html.slice(at, open));
    const close = html.indexOf('>', open);
    if (close < 0) break;
    const tag = html.slice(open + 1, close).toLowerCase();
    const name = tag.split(/[\s/]/, 1)[0] ?? '';
    const heading = /^h[1-6]$/.test(name) ? Number(name[1]) : 0;
    if (name === 'ul' || name === 'ol') lists.push(name === 'ol' ? 0 : -1);
    else if (tag === '/ul' || tag === '/ol') lists.pop();
    if (name === 'li') {
      // A list item keeps its marker, so a list stays a list under its lead-in.
      const depth = lists.length - 1;
      const n = lists[depth] ?? -1;
      if (n >= 0) lists[depth] = n + 1;
      out += `${out.endsWith('\n') || !out ? '' : '\n'}${'  '.repeat(Math.max(0, depth))}${n >= 0 ? `${n + 1}.` : '-'} `;
    } else if (heading > 0) out += `\n\n${'#'.repeat(heading)} `;
    else if (/^\/h[1-6]$/.test(tag)) out += '\n\n';
    // A paragraph or a list ends its Markdown block (a blank line); an item or a row a line.
    else if ((tag === '/p' && lists.length === 0) || tag === '/ul' || tag === '/ol') out += '\n\n';
    else if (tag === '/p' || tag === '/li' || tag === '/tr' || name === 'br') out += '\n';
    at = close + 1;
  }
  return out;
}

/**
 * Character references of mammoth's text: named (`&nbsp;`, `&eacute;`), decimal (`&#8212;`)
 * and hexadecimal (`&#x2014;`). Strict: mammoth writes every reference with its semicolon, so
 * text such as `&copy2` that was never a reference stays as it is.
 */
function decode(text: string): string {
  return text.includes('&') ? decodeHTMLStrict(text) : text;
}
