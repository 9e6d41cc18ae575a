import { createDeflate } from 'node:zlib';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Real PDF and DOCX files made by the tests, so ingestion is tested on the formats as they are. */
export async function makePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  for (const [i, line] of lines.entries()) {
    page.drawText(line, { x: 40, y: 780 - i * 18, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** A PDF of several pages, each with its own lines. */
export async function makePdfPages(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage();
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: 40, y: 780 - i * 18, size: 11, font });
    }
  }
  return Buffer.from(await doc.save());
}

export async function makeDocx(paragraphs: { heading?: boolean; text: string }[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs
    .map((p) =>
      p.heading
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${p.text}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t>${p.text}</w:t></w:r></w:p>`,
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A PDF whose one page's content stream inflates to `inflatedMb` MB of spaces: a
 * decompression bomb of about a thousandth of that size. Deflated in chunks, so the test
 * process never holds the inflated bytes.
 */
export async function makePdfBomb(inflatedMb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const stream = Buffer.concat(chunks);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let at = parts[0]?.length ?? 0;
  const push = (b: Buffer) => {
    parts.push(b);
    at += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(at);
    push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  offsets.push(at);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = at;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A DOCX whose ZIP headers claim 1,000 bytes for a `document.xml` that really inflates to
 * `realMb` MB: the guard must count real bytes, not trust the directory.
 */
export async function makeDocxLyingSizes(realMb: number): Promise<Buffer> {
  const honest = await makeDocx([{ text: 'x'.repeat(realMb * 1024 * 1024) }]);
  const name = Buffer.from('word/document.xml');
  // Uncompressed size sits at offset 22 of a local header (PK\3\4) and 24 of a central one.
  for (const [magic, field] of [
    [0x04034b50, 22],
    [0x02014b50, 24],
  ] as const) {
    for (let i = 0; i < honest.length - 4; i++) {
      if (honest.readUInt32LE(i) !== magic) continue;
      const nameAt = i + (magic === 0x04034b50 ? 30 : 46);
      if (honest.subarray(nameAt, nameAt + name.length).equals(name))
        honest.writeUInt32LE(1000, i + field);
    }
  }
  return honest;
}
