import { type FieldIssue, fieldIssueSchema } from '@studybuddy/contracts';
import { z } from 'zod';

/** Any failed API call: a non-2xx answer, an unreadable answer or no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The server's id of the request (its `x-request-id`): what an admin finds in the log. */
  readonly requestId: string | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: unknown,
    requestId?: string,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
  }

  /** Field problems of a validation error (empty when the server sent none). */
  get fieldIssues(): FieldIssue[] {
    const parsed = z.array(fieldIssueSchema).safeParse(this.details);
    return parsed.success ? parsed.data : [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
