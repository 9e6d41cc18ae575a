import type { ErrorCode, FieldIssue } from '@studybuddy/contracts';

/** The one error type services throw; the error handler turns it into `{ message, code, details? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, 'not_found', message);
  }

  static unauthorized(message = 'Please log in.', code: ErrorCode = 'unauthorized'): AppError {
    return new AppError(401, code, message);
  }

  static validation(message: string, details: FieldIssue[]): AppError {
    return new AppError(400, 'validation_failed', message, details);
  }
}
