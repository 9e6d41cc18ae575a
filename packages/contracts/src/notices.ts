import { z } from 'zod';

/**
 * Every note the server can attach to an answer (planner warnings, files it could not read,
 * the AI falling back to the built-in helper...). The browser shows `notices.<code>` in the
 * student's language with the params; each code needs that key in every locale file.
 */
export const noticeCodes = [
  // The planner's warnings about the plan it made.
  'plan_period_invalid',
  'plan_no_study_time',
  'plan_deadline_not_after_start',
  'plan_deadline_after_end',
  'plan_short_before_deadline',
  'plan_short_in_period',
  'plan_no_final_review',
  'plan_exam_week_crowded',
  'plan_day_slots_too_tight',
  'plan_days_too_long',
  'plan_weeks_too_full',
  'plan_missed_session_not_made_up',
  // The living plan: re-planning, its trade-offs, and readiness per subject.
  'replan_nothing_to_do',
  'replan_not_made_up',
  'tradeoff_add_time',
  'tradeoff_move_exam',
  'tradeoff_drop_topic',
  'readiness_on_track',
  'readiness_needs_more',
  'readiness_behind',
  // The "extra wishes" the planner applied or could not read.
  'wish_no_study_days',
  'wish_not_before',
  'wish_not_after',
  'wish_max_hours',
  'wish_prefer_mornings',
  'wish_prefer_afternoons',
  'wish_prefer_evenings',
  'wish_not_understood',
  // Uploaded files that were not read, or not all of them.
  'file_empty',
  'file_type_not_supported',
  'file_type_mismatch',
  'file_no_text',
  'file_over_text_limit',
  'file_unreadable',
  'file_encrypted',
  'file_too_many_pages',
  'file_not_word',
  'file_archive_damaged',
  'file_archive_too_many_entries',
  'file_zip_bomb',
  'file_too_large',
  'file_read_timeout',
  'file_read_cancelled',
  'file_server_busy',
  'file_server_stopping',
  // A plan's topic that none of its subject's uploaded files speaks of.
  'topic_without_material',
  // What wrote an AI answer when the configured model did not.
  'ai_fallback_timeout',
  'ai_fallback_rate_limited',
  'ai_fallback_http_error',
  'ai_fallback_invalid_output',
  'ai_fallback_budget',
  'ai_allowance_used_up',
  'ai_too_little_material',
  'ai_thin_material',
  // Hand-edited study blocks that break a rule (in the details of a validation error).
  'block_end_not_after_start',
  'block_too_long',
  'block_outside_period',
  'block_on_or_after_exam',
  'block_not_study_day',
  'block_outside_study_hours',
  'block_hour_not_free',
  'block_on_busy_time',
  'block_overlap',
  'block_day_over_hours',
  // A class's subjects that could not be placed in the student's plan (docs/classes.md).
  'class_plan_by_hand',
  'class_plan_gone',
  // A note saved before notices had codes: only its English text is known.
  'legacy_text',
] as const;
export type NoticeCode = (typeof noticeCodes)[number];

/**
 * A param's value. By name: `*Date` is a calendar date (YYYY-MM-DD), `*Time` a clock time
 * (HH:MM), `*Hours` a number of hours, `weekdays` a list of weekdays (0 = Monday), `count`
 * the number that chooses a plural form; the browser writes each the student's way.
 */
export const noticeParamSchema = z.union([z.string(), z.number(), z.array(z.number().int())]);
export type NoticeParam = z.infer<typeof noticeParamSchema>;

export const noticeSchema = z
  .object({
    code: z.enum(noticeCodes).describe('Stable snake_case code, mapped to i18n key notices.<code>'),
    params: z
      .record(z.string(), noticeParamSchema)
      .default({})
      .describe('Values the text names (subject, file, dates, hours...)'),
    message: z.string().describe('The text in English, for API clients and logs'),
  })
  .describe('Notice');
export type Notice = z.infer<typeof noticeSchema>;

/** A list of notices; the answers name it `warnings` (or `aiWarnings`). */
export const noticeListSchema = z.array(noticeSchema);
