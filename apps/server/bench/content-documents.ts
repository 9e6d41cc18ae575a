/**
 * The notes corpus's PDF and Word files, built when the bench runs from the text beside them
 * (`<name>.pdf.txt`, `<name>.docx.txt`: `#` headings, `- ` bullets, paragraphs), then read by
 * the app's own parser (parse-document.ts), so the engine sees what a student's upload gives.
 * Built rather than committed so the material stays reviewable text; built offline with what
 * the repository already has (pdf-lib, JSZip), since no office suite is assumed.
 */

import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { parseDocument } from '../src/adapters/files/parse-document.js';
import type { NotesFile, NotesSubject } from './content-notes.js';

interface Block {
  kind: 'heading' | 'bullet' | 'paragraph';
  /** 1 or 2 for a heading. */
  level: number;
  text: string;
}

/** The blocks of a `.pdf.txt` or `.docx.txt` source. */
export function blocksOf(source: string): Block[] {
  return source
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line): Block => {
      const heading = line.match(/^(#{1,2})\s+(.*)$/);
      if (heading)
        return { kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' };
      if (line.startsWith('- ')) return { kind: 'bullet', level: 0, text: line.slice(2) };
      return { kind: 'paragraph', level: 0, text: line };
    });
}

// A handout's page: A4 at 10.5 pt, about 85 characters a line, and only 12 lines a page, so
// that a short handout still runs over several pages and its sentences are cut by page breaks
// (with the header and footer between their halves) as well as by line ends.
const PAGE = { width: 595, height: 842, margin: 56, size: 10.5, leading: 15, lines: 12 };

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * A text PDF as a word processor exports it: every line a hard break (mid-sentence), headings
 * in bold, a running header and a "Page n of m" footer on every page.
 */
export async function notesPdf(source: string, runningHeader: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  const lines: { text: string; font: PDFFont; gapBefore: boolean }[] = [];
  for (const block of blocksOf(source)) {
    const font = block.kind === 'heading' ? bold : regular;
    const text = block.kind === 'bullet' ? `• ${block.text}` : block.text;
    wrap(text, font, PAGE.size, width).forEach((t, i) => {
      lines.push({ text: t, font, gapBefore: i === 0 });
    });
  }
  const pages: (typeof lines)[] = [];
  for (let i = 0; i < lines.length; i += PAGE.lines) pages.push(lines.slice(i, i + PAGE.lines));
  for (const [p, pageLines] of pages.entries()) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const top = PAGE.height - PAGE.margin;
    page.drawText(runningHeader, { x: PAGE.margin, y: top, size: 8, font: regular });
    let y = top - 2 * PAGE.leading;
    for (const line of pageLines) {
      if (line.gapBefore) y -= PAGE.leading / 2;
      page.drawText(line.text, { x: PAGE.margin, y, size: PAGE.size, font: line.font });
      y -= PAGE.leading;
    }
    const footer = `Page ${p + 1} of ${pages.length}`;
    page.drawText(footer, { x: PAGE.width / 2 - 20, y: PAGE.margin / 2, size: 8, font: regular });
  }
  return doc.save();
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function paragraph(style: string | undefined, body: string, extra = ''): string {
  const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/>${extra}</w:pPr>` : '';
  return `<w:p>${pPr}${body}</w:p>`;
}

const run = (text: string) => `<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r>`;

/**
 * A Word document as Word writes one with an automatic table of contents: a "Contents" title,
 * one TOC paragraph per heading (a link, a tab with dot leader, the page number) inside a TOC
 * field, then the headings (Heading 1/2, bookmarked), paragraphs and bullet lists.
 */
export async function notesDocx(source: string): Promise<Uint8Array> {
  const blocks = blocksOf(source);
  const headings = blocks.filter((b) => b.kind === 'heading');
  const tab = '<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9350"/></w:tabs>';
  const toc = headings.map((h, i) => {
    // Page numbers as a real document would have them: rising, the first on page 2.
    const link = `<w:hyperlink w:anchor="_Toc${i}" w:history="1">${run(h.text)}<w:r><w:tab/></w:r>${run(String(2 + Math.floor(i * 1.5)))}</w:hyperlink>`;
    const begin =
      i === 0
        ? '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        : '';
    const end = i === headings.length - 1 ? '<w:r><w:fldChar w:fldCharType="end"/></w:r>' : '';
    return paragraph(`TOC${h.level}`, begin + link + end, tab);
  });
  let k = 0;
  const body = blocks.map((b) => {
    if (b.kind === 'heading') {
      const id = k++;
      return paragraph(
        `Heading${b.level}`,
        `<w:bookmarkStart w:id="${id}" w:name="_Toc${id}"/>${run(b.text)}<w:bookmarkEnd w:id="${id}"/>`,
      );
    }
    if (b.kind === 'bullet')
      return paragraph(
        'ListParagraph',
        run(b.text),
        '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>',
      );
    return paragraph(undefined, run(b.text));
  });
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${paragraph('TOCHeading', run('Contents'))}${toc.join('')}${body.join('')}</w:body></w:document>`;
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}${style('TOC1', 'toc 1')}${style('TOC2', 'toc 2')}${style('TOCHeading', 'TOC Heading')}${style('ListParagraph', 'List Paragraph')}</w:styles>`;
  const numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = (items: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
  const ct = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${ct}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${ct}.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="${ct}.numbering+xml"/></Types>`,
  );
  zip.file('_rels/.rels', rels(rel('rId1', 'officeDocument', 'word/document.xml')));
  zip.file(
    'word/_rels/document.xml.rels',
    rels(rel('rId1', 'styles', 'styles.xml') + rel('rId2', 'numbering', 'numbering.xml')),
  );
  zip.file('word/document.xml', document);
  zip.file('word/styles.xml', styles);
  zip.file('word/numbering.xml', numbering);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function source(subject: NotesSubject, name: string): string {
  return readFileSync(
    new URL(`./content-corpus/notes/${subject.id}/${name}`, import.meta.url),
    'utf8',
  );
}

/** A file of the notes corpus as the app stores it after upload: its name and its text. */
export async function loadNotesFile(
  subject: NotesSubject,
  file: NotesFile,
): Promise<{ name: string; text: string }> {
  const { name } = file;
  if (name.endsWith('.pdf')) {
    const pdf = await notesPdf(source(subject, `${name}.txt`), file.runningHeader ?? '');
    return { name, text: await parseDocument('pdf', pdf) };
  }
  if (name.endsWith('.docx'))
    return {
      name,
      text: await parseDocument('docx', await notesDocx(source(subject, `${name}.txt`))),
    };
  return { name, text: source(subject, name) };
}
