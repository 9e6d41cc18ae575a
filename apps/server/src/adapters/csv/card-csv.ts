import Papa from 'papaparse';
import { fieldText, mathDelimiters } from '../anki/field-text.js';

/**
 * A spreadsheet of cards read for its preview and its import (docs/product.md, Card imports):
 * the text decoded (UTF-8, else Windows-1252 as Excel saves it), Anki's own header lines read
 * (`#separator:Tab`, `#html:true`, `#tags column:3` in its "Notes in Plain Text" export), the
 * delimiter found by papaparse among comma, tab, semicolon and bar, and every row capped.
 */

export const CARD_CSV_LIMITS = {
  /** Rows read, at most: past this the file is refused (the student splits it). */
  maxRows: 50_000,
  /** Columns kept of a row. */
  maxColumns: 50,
  /** Characters kept of a cell. */
  maxCell: 10_000,
  /** Rows the preview shows. */
  sampleRows: 5,
} as const;

export type CardCsvDelimiter = ',' | '\t' | ';' | '|';

export interface CardCsvRead {
  delimiter: CardCsvDelimiter;
  /** Every row, cells as written (HTML read into text when the file says it holds HTML). */
  rows: string[][];
  /** The most cells of a row (within the cap). */
  columns: number;
  /** What the file's header lines or its first row say the columns are. */
  guess: { hasHeader: boolean; front: number; back: number; tags: number | null };
}

export type CardCsvProblem = 'csv_empty' | 'csv_too_many_rows' | 'csv_not_text';

export class CardCsvError extends Error {
  constructor(readonly problem: CardCsvProblem) {
    super(problem);
    this.name = 'CardCsvError';
  }
}

const DELIMITERS: CardCsvDelimiter[] = [',', '\t', ';', '|'];

/** UTF-8 (a byte order mark dropped), else Windows-1252: Excel's "CSV" on Windows. */
function decode(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** Anki's header lines: `#key:value` at the top of its plain-text export. */
function ankiHeaders(text: string): { body: string; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  let at = 0;
  while (text.startsWith('#', at)) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at + 1, end < 0 ? text.length : end).replace(/\r$/, '');
    const colon = line.indexOf(':');
    if (colon < 0) break;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    at = end < 0 ? text.length : end + 1;
  }
  return { body: text.slice(at), headers };
}

const SEPARATORS: Record<string, CardCsvDelimiter> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
  ',': ',',
  ';': ';',
  '|': '|',
};

/** Header names that say which column is which (ours, Anki's, and plain words). */
const FRONT = /^(front|question|term|word|prompt)$/i;
const BACK = /^(back|answer|definition|meaning)$/i;
const TAGS = /^(tags?)$/i;

function guessColumns(first: string[], headers: Map<string, string>): CardCsvRead['guess'] {
  const tagsColumn = Number(headers.get('tags column'));
  const byName = (re: RegExp) => first.findIndex((c) => re.test(c.trim()));
  const named = [byName(FRONT), byName(BACK), byName(TAGS)];
  const hasHeader = named.some((i) => i >= 0) && !headers.has('separator');
  const front = hasHeader && named[0] !== undefined && named[0] >= 0 ? named[0] : 0;
  const back =
    hasHeader && named[1] !== undefined && named[1] >= 0 ? named[1] : front === 0 ? 1 : 0;
  const tags =
    Number.isInteger(tagsColumn) && tagsColumn >= 1
      ? tagsColumn - 1
      : hasHeader && named[2] !== undefined && named[2] >= 0
        ? named[2]
        : null;
  return { hasHeader, front, back, tags };
}

/**
 * A cell our CSV export (papaparse's escapeFormulae) or a spreadsheet kept from running as a
 * formula, back as written: "'=1+2" is the card "=1+2".
 */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Reads a card spreadsheet's rows; throws CardCsvError for a file that is none. */
export function readCardCsv(data: Uint8Array): CardCsvRead {
  const text = decode(data);
  // A NUL is no text (a binary file named .csv).
  if (text.includes('\u0000')) throw new CardCsvError('csv_not_text');
  const { body, headers } = ankiHeaders(text);
  const separator = SEPARATORS[headers.get('separator')?.toLowerCase() ?? ''];
  const html = headers.get('html')?.toLowerCase() === 'true';
  const parsed = Papa.parse<string[]>(body, {
    delimiter: separator ?? '',
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
    // One past the cap: enough to know the file is over it.
    preview: CARD_CSV_LIMITS.maxRows + 2,
  });
  const rows = parsed.data;
  if (rows.length === 0) throw new CardCsvError('csv_empty');
  const delimiter = (DELIMITERS.find((d) => d === parsed.meta.delimiter) ??
    ',') as CardCsvDelimiter;
  const guess = guessColumns(rows[0] ?? [], headers);
  if (rows.length - (guess.hasHeader ? 1 : 0) > CARD_CSV_LIMITS.maxRows)
    throw new CardCsvError('csv_too_many_rows');
  const cell = (c: string) => {
    const capped = unescapeFormula(c.slice(0, CARD_CSV_LIMITS.maxCell));
    return html ? mathDelimiters(fieldText(capped).text) : capped.trim();
  };
  let columns = 0;
  const kept = rows.map((row) => {
    const cells = row.slice(0, CARD_CSV_LIMITS.maxColumns).map(cell);
    columns = Math.max(columns, cells.length);
    return cells;
  });
  return { delimiter, rows: kept, columns, guess };
}
