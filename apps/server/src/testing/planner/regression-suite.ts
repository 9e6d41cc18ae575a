/**
 * The planner's regression cases as a test suite, in parts (test-only helper): each part is a
 * file of its own (`domain/planner/planner.regressions-<n>.test.ts`), so the unit stage's two
 * workers share the cases. As one file they took about 47 s of a CI run, and Vitest runs the
 * smallest files last on a fresh clone: that file ran alone at the end of the server's tests.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { qualityCase } from './quality-cases.js';
import { caseOffenders } from './quality-report.js';
import { regressionCases } from './regression-cases.js';

/** How many files the cases are split over. */
export const REGRESSION_PARTS = 3;

/** The test file of part n. */
const partFile = (n: number) =>
  join(
    dirname(fileURLToPath(import.meta.url)),
    '../../domain/planner',
    `planner.regressions-${n}.test.ts`,
  );

/**
 * Part `part` (1..REGRESSION_PARTS) of the cases, every REGRESSION_PARTS-th by name: each is
 * planned with front-loading off and on and must keep every case rule.
 */
export function describeRegressionCases(part: number): void {
  const cases = regressionCases().filter((_, i) => i % REGRESSION_PARTS === part - 1);
  describe(`planner regression cases, part ${part} of ${REGRESSION_PARTS}`, () => {
    // A part without its file would drop its cases silently.
    if (part === 1)
      it('has a file for every part', () => {
        for (let n = 1; n <= REGRESSION_PARTS; n++)
          expect(existsSync(partFile(n)), partFile(n)).toBe(true);
      });
    it.each(cases)('$name keeps every rule ($found)', ({ input }) => {
      expect(caseOffenders(qualityCase(input))).toEqual([]);
    });
  });
}
