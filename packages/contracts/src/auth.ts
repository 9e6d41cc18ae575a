import { z } from 'zod';
import { emailSchema } from './email.js';
import { endpoint } from './endpoint.js';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing work. */
export const PASSWORD_MAX = 256;

export const newPasswordSchema = z
  .string()
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, 'Password must be at least 8 characters.')
  .max(PASSWORD_MAX, 'Password must be at most 256 characters.');

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters.`);

export const registerInputSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, 'Username is required.')
      .max(50, 'Username must be at most 50 characters.')
      .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may use letters, digits, dot, dash and underscore.'),
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .strict()
  .describe('RegisterInput');
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX),
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

export const messageResponseSchema = z.object({ message: z.string() }).describe('Message');

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
    response: authTokenResponseSchema,
    summary: 'Log in with e-mail and password; sets the refresh cookie',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    body: undefined,
    response: authTokenResponseSchema,
    summary: 'New access token from the HttpOnly refresh cookie (rotates it)',
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
