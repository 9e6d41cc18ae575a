import { sweepPublicScreens } from '../support/screens.js';

sweepPublicScreens();
