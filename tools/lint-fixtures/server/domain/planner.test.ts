import { sample } from '../testing/harness.js';
import { plannerInput } from './planner.js';

export const parsed = plannerInput.safeParse({ id: sample });
