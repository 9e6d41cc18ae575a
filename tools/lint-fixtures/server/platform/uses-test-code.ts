// breaks no-test-code-in-production
import { sample } from '../testing/harness.js';
// breaks no-test-code-in-production
import { expected } from './app-error.test.js';

export const shipped = [sample, expected];
