import { z } from 'zod';
import { noticeSchema } from './notices.js';

/** Body of every non-2xx API response (docs/product.md, Errors). */
export const errorBodySchema = z
  .object({
    message: z.string().describe('Safe, human-readable message'),
    code: z.string().describe('Stable snake_case code, mapped to i18n key errors.<code>'),
    details: z.unknown().optional().describe('Field-level details for validation errors'),
    requestId: z
      .string()
      .optional()
      .describe('The request id, as in the x-request-id header and the server log'),
  })
  .describe('Error');
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One field problem inside `details` of a validation_failed error. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  notice: noticeSchema
    .optional()
    .describe('The problem as a notice, when the browser can write it in the student language'),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorCodes = [
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'not_found',
  'unauthorized',
  'token_invalid',
  'csrf_invalid',
  'rate_limited',
  'invalid_credentials',
  'email_taken',
  'username_taken',
  'wrong_password',
  'password_too_common',
  'password_like_identity',
  'reset_token_invalid',
  'two_factor_code_invalid',
  'two_factor_challenge_invalid',
  'password_login_off',
  'school_link_expired',
  'school_account_taken',
  'calendar_not_ics',
  'calendar_broken',
  'calendar_too_many_events',
  'calendar_link_refused',
  'calendar_link_unreadable',
  'generation_in_progress',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'upload_quota_exceeded',
  'anki_not_a_package',
  'anki_wrong_extension',
  'anki_collection_damaged',
  'anki_too_many_cards',
  'anki_unsafe_media_name',
  'anki_no_cards',
  'anki_zip_bomb',
  'anki_too_many_files',
  'anki_too_large',
  'import_preview_expired',
  'csv_empty',
  'csv_too_many_rows',
  'csv_not_text',
  'class_teachers_only',
  'class_code_unknown',
  'class_join_closed',
  'class_own',
  'class_already_member',
  'class_plan_has_week',
  'server_busy',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
