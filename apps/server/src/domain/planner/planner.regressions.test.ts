/**
 * Inputs that once broke a rule of the planner's quality checks, found at some seed and shrunk
 * (testing/planner/regressions/): each is planned with front-loading off and on and must keep
 * every case rule.
 */
import { describe, expect, it } from 'vitest';
import { qualityCase } from '../../testing/planner/quality-cases.js';
import { caseOffenders } from '../../testing/planner/quality-report.js';
import { regressionCases } from '../../testing/planner/regression-cases.js';

describe('planner regression cases', () => {
  it.each(regressionCases())('$name keeps every rule ($found)', ({ input }) => {
    expect(caseOffenders(qualityCase(input))).toEqual([]);
  });
});
