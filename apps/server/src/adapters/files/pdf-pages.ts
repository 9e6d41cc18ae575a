/**
 * Limits of the parser and the split of a PDF's pages into runs, read by separate parser
 * processes at once (parse-pool.ts). Free of any parser library: the server's own process
 * merges the runs and must not load pdf.js to do it.
 */

export const PARSE_LIMITS = {
  maxPages: 500,
  /** Text kept per file; reading stops once it is reached. */
  maxTextChars: 2_000_000,
} as const;

/** One of `of` runs of a PDF's pages, in order: run `index` (from 0). */
export interface PageRun {
  index: number;
  of: number;
}

/** The first and last page (from 1) of a run; last < first for an empty run. */
export function pageRange(pages: number, run: PageRun): [number, number] {
  return [
    Math.floor((pages * run.index) / run.of) + 1,
    Math.floor((pages * (run.index + 1)) / run.of),
  ];
}

/**
 * A PDF's text from its runs' pages, in order: the pages up to the one that reaches the text
 * cap, as one reading from the first page keeps (a run read apart may have read past it). Its
 * running headers and footers and page numbers are dropped, its headings marked (`## `), and a
 * paragraph that a page break cut is joined again.
 */
export function joinPages(runs: string[][]): string {
  const kept: string[] = [];
  let chars = 0;
  for (const page of runs.flat()) {
    if (chars >= PARSE_LIMITS.maxTextChars) break;
    kept.push(page);
    chars += page.length;
  }
  const pages = withoutRunningLines(kept.map((p) => p.split('\n')));
  let out = '';
  let titled = false;
  for (const lines of pages) {
    const marked = markHeadings(lines, titled);
    titled ||= marked.some((l) => l.startsWith('# '));
    const text = marked.join('\n').trim();
    if (!text) continue;
    // A page that ends mid-sentence goes on with the next page's first line.
    out += out ? (/[.!?:;)"»”]$/.test(out) ? '\n\n' : '\n') + text : text;
  }
  return out;
}

// "12", "- 12 -", "Page 3", "Page 3 of 9", "p. 3", "3 / 9", in the languages the app speaks.
const PAGE_NUMBER =
  /^[-–—\s]*(?:(?:page|p\.|página|pág\.|σελίδα|σελ\.|seite|s\.)\s*)?\d{1,4}(?:\s*(?:of|de|από|von|sur|\/)\s*\d{1,4})?[-–—\s]*$/i;

/** A line as it repeats from page to page: digits (a page number, a date) count as one. */
const lineKey = (line: string) => line.trim().replace(/\d+/g, '#').toLowerCase();

function edgeLines(lines: string[]): number[] {
  const filled = lines.flatMap((l, i) => (l.trim() ? [i] : []));
  return [...new Set([...filled.slice(0, 2), ...filled.slice(-2)])];
}

/**
 * The pages without their running lines: a page number at a page's top or bottom, and a line
 * among the first or last two of a page that recurs there on at least half the pages (and on
 * two at least), such as a course title or "Page 3 of 9". In the text they cut sentences in two
 * and became cards ("COMP ____ Operating Systems").
 */
function withoutRunningLines(pages: string[][]): string[][] {
  const seen = new Map<string, number>();
  for (const lines of pages)
    for (const key of new Set(edgeLines(lines).map((i) => lineKey(lines[i] ?? ''))))
      seen.set(key, (seen.get(key) ?? 0) + 1);
  const running = (line: string) => {
    // A header is a title, not a sentence: "Step 1 of the proof." on each page is text.
    if (/[.!?]$/.test(line.trim())) return false;
    const n = seen.get(lineKey(line)) ?? 0;
    return n >= 2 && n * 2 >= pages.length;
  };
  return pages.map((lines) => {
    const edges = new Set(edgeLines(lines));
    return lines.filter((line, i) => !edges.has(i) || !(PAGE_NUMBER.test(line) || running(line)));
  });
}

// A heading is a paragraph of one short line that ends without punctuation.
const HEADING_WORDS = 10;

/**
 * Lines with the headings marked: a line alone between blank lines (the parser leaves a blank
 * line where the text skips more than a line's height), short, opening with a capital or a
 * number, and ending without punctuation. The document's first heading is its title (`# `),
 * the others its sections (`## `), so a handout's sections stay within the topic its title
 * names. Sections then reach the topics they name.
 */
function markHeadings(lines: string[], titled: boolean): string[] {
  let title = !titled;
  return lines.map((line, i) => {
    const t = line.trim();
    // A page's first line may be a heading; its last may be a paragraph's first line.
    const alone = !lines[i - 1]?.trim() && i + 1 < lines.length && !lines[i + 1]?.trim();
    if (
      !alone ||
      t.split(/\s+/).length > HEADING_WORDS ||
      !/^[\p{Lu}\p{N}]/u.test(t) ||
      /[.,;:!?=]$|=/.test(t) ||
      !/\p{L}/u.test(t)
    )
      return line;
    const level = title ? '#' : '##';
    title = false;
    return `${level} ${t}`;
  });
}
