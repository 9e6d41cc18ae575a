import { describe, expect, it } from 'vitest';
import { readCardCsv } from './card-csv.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readCardCsv', () => {
  it('reads our own export back: byte order mark, header, quoted line breaks, formulas kept as text', () => {
    const file = utf8(
      '\uFEFFfront,back,tags,due\r\n"What is ""ATP""?","The cell’s energy,\nmade in mitochondria",Biology::Cells,2026-12-04T09:00:00.000Z\r\n\'=1+2,\'-3,Maths::Sums,2026-12-05T09:00:00.000Z\r\n',
    );
    const csv = readCardCsv(file);
    expect(csv.delimiter).toBe(',');
    expect(csv.guess).toEqual({ hasHeader: true, front: 0, back: 1, tags: 2 });
    expect(csv.rows[1]).toEqual([
      'What is "ATP"?',
      'The cell’s energy,\nmade in mitochondria',
      'Biology::Cells',
      '2026-12-04T09:00:00.000Z',
    ]);
    expect(csv.rows[2]?.slice(0, 2)).toEqual(['=1+2', '-3']);
  });

  it('reads Excel’s semicolons and Windows-1252, as a German or French Excel saves', () => {
    // "Größe;Taille" with ö (0xF6) and ß (0xDF) in Windows-1252, a header-less file.
    const bytes = Uint8Array.from([
      ...[0x47, 0x72, 0xf6, 0xdf, 0x65, 0x3b, 0x54, 0x61, 0x69, 0x6c, 0x6c, 0x65, 0x0d, 0x0a],
      ...utf8('Haus;maison\r\nBaum;arbre\r\n'),
    ]);
    const csv = readCardCsv(bytes);
    expect(csv.delimiter).toBe(';');
    expect(csv.guess.hasHeader).toBe(false);
    expect(csv.rows).toEqual([
      ['Größe', 'Taille'],
      ['Haus', 'maison'],
      ['Baum', 'arbre'],
    ]);
  });

  it('reads Anki’s "Notes in Plain Text" export: its header lines, tabs, HTML and tags column', () => {
    const file = utf8(
      '#separator:tab\n#html:true\n#tags column:3\n' +
        'The <b>mitochondrion</b>\tMakes <i>ATP</i><br>for the cell\tbiology cells\n' +
        '\\(E=mc^2\\)\tEnergy &amp; mass\tphysics\n',
    );
    const csv = readCardCsv(file);
    expect(csv.delimiter).toBe('\t');
    expect(csv.guess).toEqual({ hasHeader: false, front: 0, back: 1, tags: 2 });
    expect(csv.rows).toEqual([
      ['The mitochondrion', 'Makes ATP\nfor the cell', 'biology cells'],
      ['$E=mc^2$', 'Energy & mass', 'physics'],
    ]);
  });

  it('reads a tab-separated list without a header, as Quizlet exports it', () => {
    const csv = readCardCsv(
      utf8('photosynthesis\tlight to sugar\nosmosis\twater through a membrane\n'),
    );
    expect(csv.delimiter).toBe('\t');
    expect(csv.guess).toEqual({ hasHeader: false, front: 0, back: 1, tags: null });
    expect(csv.rows).toHaveLength(2);
  });

  it('refuses an empty file, a binary one and one past 50,000 rows', () => {
    expect(() => readCardCsv(utf8('\n\n  \n'))).toThrow('csv_empty');
    expect(() => readCardCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow(
      'csv_not_text',
    );
    expect(() => readCardCsv(utf8('x,y\n'.repeat(50_001)))).toThrow('csv_too_many_rows');
    expect(readCardCsv(utf8(`front,back\n${'x,y\n'.repeat(50_000)}`)).rows).toHaveLength(50_001);
  });
});
