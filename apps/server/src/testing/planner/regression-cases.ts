/**
 * The planner's regression cases (test-only helper): generated inputs that once broke a case
 * rule of quality-report.ts, shrunk by fast-check (`npm run bench:planner -- --shrink <rule>
 * --save <name>`) and kept one per JSON file in `regressions/`, each with where it was found and
 * why it failed. `planner.regressions.test.ts` plans every one and checks every case rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlannerInput } from '../../domain/planner/types.js';

/** Where the cases live, one `<name>.json` each. */
export const REGRESSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'regressions');

/** One kept failure. */
export interface RegressionCase {
  name: string;
  /** The rule, the seed and what the rule reported when it was found. */
  found: string;
  /** Why the plan broke the rule, and what changed so it no longer does. */
  why: string;
  input: PlannerInput;
}

/** Every kept case, by name. */
export function regressionCases(): RegressionCase[] {
  return readdirSync(REGRESSIONS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(REGRESSIONS_DIR, f), 'utf8')) as RegressionCase);
}
