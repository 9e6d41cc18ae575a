/**
 * How the parser processes share one memory budget (`PARSE_MEMORY_MB`): the rule alone, free
 * of processes, so it is tested as arithmetic (parse-pool.ts applies it).
 *
 * The budget bounds what the readers add over their idle sizes, all together. Each reader is an
 * operating-system process under its own limit (`prlimit --data`), and the pool keeps the sum of
 * those limits, over every reader alive (starting, reading, idle or being killed), within the
 * budget. So the bound does not rest on guessing what a file will inflate to: a 200 KB PDF may
 * inflate to 200 MB, and its size says nothing of it. The operating system stops a reader at its
 * own limit, and the limits add up to the budget.
 *
 * A reader normally gets an equal share, so documents are read side by side. A document that
 * fails for memory within a share is read once more alone, its reader's limit raised to the whole
 * budget once every other reader has finished and exited; only what fails alone is too large.
 * The budget is then the largest document the server reads, as it was when each reader had it.
 */

/**
 * The smallest share a reader is given, in MB: twice what reading a 100-page text PDF adds to a
 * reader (about 55 MB on Node 20), so ordinary documents never need the whole budget. Below two
 * such shares the documents are read one at a time, each with the whole budget.
 */
export const MIN_SHARE_MB = 128;

export interface BudgetSplit {
  /** Readers at most at once. */
  readers: number;
  /** What each of them may add over its idle size, in MB. */
  shareMb: number;
}

/** Shares of `budgetMb` for at most `maxReaders` readers, none smaller than MIN_SHARE_MB. */
export function splitBudget(budgetMb: number, maxReaders: number): BudgetSplit {
  const readers = Math.max(1, Math.min(maxReaders, Math.floor(budgetMb / MIN_SHARE_MB)));
  return { readers, shareMb: Math.floor(budgetMb / readers) };
}
