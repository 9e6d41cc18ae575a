/**
 * Inputs that once broke a rule of the planner's quality checks, found at some seed and shrunk
 * (testing/planner/regressions/), part 3 of 3 (testing/planner/regression-suite.ts).
 */
import { describeRegressionCases } from '../../testing/planner/regression-suite.js';

describeRegressionCases(3);
