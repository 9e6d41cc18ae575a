import { sweepScreensAt } from '../support/screens.js';

sweepScreensAt(768);
