import { sweepScreensAt } from '../support/screens.js';

sweepScreensAt(1440);
