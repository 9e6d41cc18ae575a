import { z } from 'zod';
import { emailSchema } from './email.js';
import { endpoint } from './endpoint.js';
import {
  type CatalogueMessage,
  customIssue,
  VALIDATION_MESSAGES as M,
  message,
} from './messages.js';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing work. */
export const PASSWORD_MAX = 256;

export const newPasswordSchema = z
  .string()
  .min(1, message(M.passwordRequired))
  .min(PASSWORD_MIN, message(M.passwordMin))
  .max(PASSWORD_MAX, message(M.passwordMax));

const nameField = (required: CatalogueMessage, max: CatalogueMessage) =>
  z.string().trim().min(1, message(required)).max(100, message(max));

export const registerInputSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, message(M.usernameRequired))
      .max(50, message(M.usernameMax))
      .regex(/^[\p{L}\p{N}._-]+$/u, message(M.usernamePattern)),
    firstName: nameField(M.firstNameRequired, M.firstNameMax),
    lastName: nameField(M.lastNameRequired, M.lastNameMax),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .strict()
  .describe('RegisterInput');
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, message(M.passwordRequired)).max(PASSWORD_MAX),
  })
  .strict()
  .describe('LoginInput');
export type LoginInput = z.infer<typeof loginInputSchema>;

export const roleSchema = z.enum(['Student', 'Admin']);

/** The signed-in user as the client shows it (never a secret). */
export const currentUserSchema = z
  .object({
    id: z.number().int().describe('User id (the token subject)'),
    username: z.string(),
    email: z.string(),
    name: z.string().describe('First and last name'),
    role: roleSchema,
    language: z
      .string()
      .describe('The language the server writes the student’s e-mails in, as the app last said'),
    timeZone: z.string().describe('The IANA time zone of those e-mails, as the app last said'),
  })
  .describe('CurrentUser');
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authTokenResponseSchema = z
  .object({
    accessToken: z.string().describe('Short-lived JWT for the Authorization: Bearer header'),
    token: z.string().describe('Same value as accessToken, for clients that read `token`'),
    expiresIn: z.number().int().describe('Seconds until the access token expires'),
    user: currentUserSchema,
  })
  .describe('AuthTokenResponse');
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

/** What a password login answers when the account has two-step sign-in on. */
export const twoFactorRequiredSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().describe('Finishes the login with a code, for 5 minutes'),
  })
  .describe('TwoFactorRequired');
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

export const messageResponseSchema = z.object({ message: z.string() }).describe('Message');

/** How long a password-reset link works (minutes). */
export const PASSWORD_RESET_MINUTES = 30;

/** A forgotten password: the account's e-mail, to send a reset link to. */
export const passwordResetRequestSchema = z
  .object({ email: emailSchema })
  .strict()
  .describe('PasswordResetRequest');
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** A new password set with a reset link's token (which travels in the page's URL fragment). */
export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(1).max(200),
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string().max(PASSWORD_MAX),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmNewPassword)
      ctx.addIssue(customIssue(M.passwordsMismatch, ['confirmNewPassword']));
  })
  .describe('PasswordResetConfirm');
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** What a reset request answers, whether the account exists or not. */
export const PASSWORD_RESET_SENT =
  'If an account uses this e-mail, a link to choose a new password is on its way. It works for 30 minutes.';

export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/authentication/register',
    aliases: ['/api/auth/register'],
    body: registerInputSchema,
    response: currentUserSchema,
    summary: 'Create an account',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/authentication/login',
    aliases: ['/api/auth/login'],
    body: loginInputSchema,
    response: z.union([authTokenResponseSchema, twoFactorRequiredSchema]),
    summary:
      'Log in with e-mail and password; sets the refresh cookie, or asks for a code (two-step sign-in)',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    body: undefined,
    response: authTokenResponseSchema,
    summary: 'New access token from the HttpOnly refresh cookie (rotates it)',
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: passwordResetRequestSchema,
    response: messageResponseSchema,
    summary:
      'Forgotten password: e-mails a one-time reset link; 202 with the same answer whether the account exists or not',
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: passwordResetConfirmSchema,
    response: messageResponseSchema,
    summary: 'Sets a new password with a reset link’s token and ends every session of the account',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/user/logout',
    body: undefined,
    response: messageResponseSchema,
    summary: 'Revoke the current session at once and clear the refresh cookie',
  }),
};

/** One live login of the signed-in student, as the profile lists it (never its id). */
export const activeSessionSchema = z
  .object({
    browser: z
      .string()
      .nullable()
      .describe('Browser read from the user agent (e.g. Chrome, Firefox); null when unknown'),
    os: z
      .string()
      .nullable()
      .describe('Operating system read from the user agent (e.g. Linux); null when unknown'),
    createdAt: z.string().describe('When this login began (ISO 8601)'),
    lastUsedAt: z.string().describe('Last login or token renewal of this session (ISO 8601)'),
    current: z.boolean().describe('True for the session that made this request'),
  })
  .describe('ActiveSession');
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const revokeOtherSessionsResponseSchema = z
  .object({ revoked: z.number().int().describe('How many other sessions were ended') })
  .describe('RevokeOtherSessionsResponse');
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;

export const sessionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/user/sessions',
    body: undefined,
    response: z.array(activeSessionSchema),
    summary: "The signed-in student's live sessions, this one first",
  }),
  revokeOthers: endpoint({
    method: 'POST',
    path: '/user/sessions/revoke-others',
    body: undefined,
    response: revokeOtherSessionsResponseSchema,
    summary: 'End every session of the student but this one (log out everywhere else)',
  }),
};
