import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { backupStatusSchema } from './backups.js';
import { emailSchema } from './email.js';
import { endpoint } from './endpoint.js';
import { customIssue, VALIDATION_MESSAGES as M } from './messages.js';

/**
 * The admin screen (docs/product.md, Admin). The role is given on the server machine
 * (`npm run admin -- grant EMAIL`), never through the web. Every admin route answers 404 to
 * anyone who is not an admin, as if it did not exist; every admin action is logged.
 */
export const ADMIN_FEEDBACK_MAX = 50;
export const ADMIN_ACTIONS_MAX = 50;

export const adminOverviewSchema = z
  .object({
    students: z.number().int().describe('Accounts'),
    activeLast7Days: z
      .number()
      .int()
      .describe('Accounts signed in or refreshed in the last 7 days'),
    feedback: z
      .array(
        z.object({
          id: z.number().int(),
          rating: z.number().int(),
          pleased: z.string(),
          recommendation: z.string(),
          page: z.string().nullable().describe('The path it was sent from'),
          createdAt: z.string(),
        }),
      )
      .describe(`The newest ${ADMIN_FEEDBACK_MAX}, newest first`),
    reminders: z
      .object({ sent: z.number().int(), failed: z.number().int() })
      .describe('Since midnight UTC'),
    ai: z
      .object({
        provider: z.string().describe('builtin, openai, anthropic...'),
        model: z.string().nullable(),
        failuresToday: z.number().int().describe('Model calls that failed since midnight UTC'),
      })
      .describe('AiStatus'),
    actions: z
      .array(
        z.object({
          adminEmail: z.string(),
          action: z.string(),
          target: z.string().nullable(),
          createdAt: z.string(),
        }),
      )
      .describe(`The admin log, newest ${ADMIN_ACTIONS_MAX} first`),
    backups: backupStatusSchema,
  })
  .describe('AdminOverview');
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const ADMIN_MESSAGES = {
  confirmationMismatch: M.adminConfirmationMismatch.en,
  noSuchStudent: M.adminNoSuchStudent.en,
  notYourself: M.adminNotYourself.en,
  deleted: 'The account and all its data are deleted.',
  teacherGranted: 'This account is now a teacher: it can make classes.',
  teacherRevoked: 'This account is no longer a teacher. Its classes stay.',
  teacherUnchanged: 'Nothing changed.',
} as const;

/** Deleting a student's account on request: their e-mail, typed twice. */
export const adminDeleteAccountInputSchema = z
  .object({
    email: emailSchema,
    confirmation: z.string().trim().max(320),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.confirmation.toLowerCase() !== v.email.toLowerCase())
      ctx.addIssue(customIssue(M.adminConfirmationMismatch, ['confirmation']));
  })
  .describe('AdminDeleteAccountInput');
export type AdminDeleteAccountInput = z.input<typeof adminDeleteAccountInputSchema>;

/** A one-time reset link the admin gives a student by hand (no e-mail is sent). */
export const adminResetLinkInputSchema = z
  .object({ email: emailSchema })
  .strict()
  .describe('AdminResetLinkInput');
export type AdminResetLinkInput = z.input<typeof adminResetLinkInputSchema>;

export const adminResetLinkSchema = z
  .object({
    link: z.string().describe('PUBLIC_URL/reset-password#token=...; shown once, never stored'),
    expiresAt: z.string().describe('ISO-8601 UTC'),
  })
  .describe('AdminResetLink');
export type AdminResetLink = z.infer<typeof adminResetLinkSchema>;

/** Letting an account make classes, or stopping it (docs/classes.md). */
export const adminTeacherInputSchema = z
  .object({ email: emailSchema, teacher: z.boolean() })
  .strict()
  .describe('AdminTeacherInput');
export type AdminTeacherInput = z.input<typeof adminTeacherInputSchema>;

export const adminEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    body: undefined,
    response: adminOverviewSchema,
    summary:
      'Admins only (404 to others): students, feedback, reminders, the AI, backups and the admin log',
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/admin/accounts/delete',
    body: adminDeleteAccountInputSchema,
    response: messageResponseSchema,
    summary: 'Admins only (404 to others): delete a student’s account and all its data on request',
  }),
  teacher: endpoint({
    method: 'POST',
    path: '/api/admin/accounts/teacher',
    body: adminTeacherInputSchema,
    response: messageResponseSchema,
    summary: 'Admins only (404 to others): let an account make classes, or stop it',
  }),
  resetLink: endpoint({
    method: 'POST',
    path: '/api/admin/accounts/reset-link',
    body: adminResetLinkInputSchema,
    response: adminResetLinkSchema,
    summary:
      'Admins only (404 to others): a one-time password-reset link for a student, shown to the admin and never e-mailed',
  }),
};
