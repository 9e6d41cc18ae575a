import { sweepStudentScreens } from '../support/screens.js';

sweepStudentScreens();
