import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './parse-document.js';

/** A page of lines, each at its size, one line height apart: no extra space anywhere. */
async function pdfOf(lines: { text: string; size: number }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  lines.forEach((l, i) => {
    page.drawText(l.text, { x: 40, y: 780 - i * 18, size: l.size, font });
  });
  return doc.save();
}

describe('reading a PDF', () => {
  it('marks a line set larger than the text as a heading, though nothing spaces it apart', async () => {
    const text = await parseDocument(
      'pdf',
      await pdfOf([
        { text: 'Thermodynamics', size: 16 },
        { text: 'Heat flows from a hot body to a', size: 11 },
        { text: 'cold one until both are at the same temperature.', size: 11 },
        { text: 'Entropy', size: 14 },
        { text: 'The entropy of an isolated system never decreases.', size: 11 },
      ]),
    );
    expect(text).toContain('# Thermodynamics\n\nHeat flows from a hot body to a\ncold one');
    expect(text).toContain('## Entropy\n\nThe entropy of an isolated system');
  });

  it('keeps lines of the text’s own size together as one paragraph', async () => {
    const text = await parseDocument(
      'pdf',
      await pdfOf([
        { text: 'Short line', size: 11 },
        { text: 'and its continuation in the same paragraph.', size: 11 },
      ]),
    );
    expect(text).toBe('Short line\nand its continuation in the same paragraph.');
  });
});
