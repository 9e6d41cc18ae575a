import { AppError } from './app-error.js';

export const expected = new AppError('expected');
