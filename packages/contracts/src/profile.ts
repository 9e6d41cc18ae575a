import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.js';
import { emailSchema } from './email.js';
import { endpoint } from './endpoint.js';
import { customIssue, VALIDATION_MESSAGES as M, message } from './messages.js';
import { DEFAULT_REMINDER_LEAD_MINUTES, reminderLeadSchema } from './notifications.js';
import { DEFAULT_WEEK_START, WEEK_STARTS } from './study-week.js';

export const profileSchema = z
  .object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    notifyOnLesson: z.boolean().describe('Remind me before every study session'),
    reminderLeadMinutes: reminderLeadSchema,
    weekStartsOn: z.enum(WEEK_STARTS).describe('First day of the calendar week'),
    isAdmin: z
      .boolean()
      .describe('Shows the admin screen’s link; the server checks the role itself'),
    isTeacher: z
      .boolean()
      .describe('May make classes (docs/classes.md); the server checks it itself'),
  })
  .describe('Profile');
export type Profile = z.infer<typeof profileSchema>;

/**
 * The whole profile form value (docs/product.md, API). `password` is the current password; it is
 * needed to set a new password or to change the e-mail (ASVS 7.5.1).
 */
export const updateProfileInputSchema = z
  .object({
    firstName: z.string().trim().min(1, message(M.firstNameRequired)).max(100),
    lastName: z.string().trim().min(1, message(M.lastNameRequired)).max(100),
    email: emailSchema,
    password: z.string().max(PASSWORD_MAX).optional().default(''),
    newPassword: z.string().max(PASSWORD_MAX).optional().default(''),
    confirmNewPassword: z.string().max(PASSWORD_MAX).optional().default(''),
    notifyOnLesson: z.boolean().optional().default(false),
    reminderLeadMinutes: reminderLeadSchema.optional().default(DEFAULT_REMINDER_LEAD_MINUTES),
    weekStartsOn: z.enum(WEEK_STARTS).optional().default(DEFAULT_WEEK_START),
    // The profile's read-only fields, so the profile read can be sent back whole: ignored.
    username: z.string().max(100).optional(),
    isAdmin: z.boolean().optional(),
    isTeacher: z.boolean().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.newPassword === '' && v.confirmNewPassword === '') return;
    if (v.password === '') {
      ctx.addIssue(customIssue(M.currentPasswordRequired, ['password']));
    }
    if (v.newPassword.length < PASSWORD_MIN) {
      ctx.addIssue(customIssue(M.passwordMin, ['newPassword']));
    }
    if (v.newPassword !== v.confirmNewPassword) {
      ctx.addIssue(customIssue(M.passwordsMismatch, ['confirmNewPassword']));
    }
  })
  .describe('UpdateProfileInput');
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

export const profileEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/user/profile',
    body: undefined,
    response: profileSchema,
    summary: "The signed-in student's profile",
  }),
  update: endpoint({
    method: 'POST',
    path: '/user/profile/update',
    body: updateProfileInputSchema,
    response: profileSchema,
    summary: 'Update the profile; a new password revokes the other sessions',
  }),
};
