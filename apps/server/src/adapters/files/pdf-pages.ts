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
 * cap, as one reading from the first page keeps (a run read apart may have read past it).
 */
export function joinPages(runs: string[][]): string {
  const kept: string[] = [];
  let chars = 0;
  for (const page of runs.flat()) {
    if (chars >= PARSE_LIMITS.maxTextChars) break;
    kept.push(page);
    chars += page.length;
  }
  return kept.join('\n\n');
}
