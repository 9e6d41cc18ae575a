import { z } from 'zod';
import { authTokenResponseSchema, PASSWORD_MAX } from './auth.js';
import { endpoint } from './endpoint.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/**
 * Why a school sign-in (OpenID Connect) ended back on the login page: the callback sends the
 * browser to `/login?signInError=<reason>` and the page shows its own text for each.
 */
export const SCHOOL_SIGN_IN_ERRORS = [
  /** The school's sign-in service did not answer (down, or its address is wrong). */
  'unavailable',
  /** The answer did not hold: a wrong state, a used code, a bad ID token, a refusal. */
  'failed',
  /** The sign-in took too long (or began in another browser): start again. */
  'expired',
  /** The school account's e-mail is not verified by the school. */
  'email_unverified',
  /** The school account's e-mail domain is not one this server admits. */
  'domain_not_allowed',
  /** No account has this e-mail and this server does not create accounts at sign-in. */
  'no_account',
] as const;
export type SchoolSignInError = (typeof SCHOOL_SIGN_IN_ERRORS)[number];

/** The query parameter of the login page that carries a school sign-in's failure. */
export const SCHOOL_SIGN_IN_ERROR_PARAM = 'signInError';
/** The fragment of /dashboard after a school sign-in: the page restores the session it set. */
export const SCHOOL_SIGN_IN_DONE_HASH = '#school-sign-in';
/** The query parameter of the login page that asks to link a school account (`=1`). */
export const SCHOOL_SIGN_IN_LINK_PARAM = 'linkSchoolAccount';

export const SCHOOL_SIGN_IN_MESSAGES = {
  passwordLoginOff:
    'Password sign-in is turned off on this server. Sign in with your school account.',
  linkExpired: 'This school sign-in waited too long. Sign in with your school account again.',
} as const;

export const pendingSchoolLinkSchema = z
  .object({
    email: z.string().describe('The account the school account would be linked to'),
  })
  .describe('PendingSchoolLink');
export type PendingSchoolLink = z.infer<typeof pendingSchoolLinkSchema>;

export const schoolLinkInputSchema = z
  .object({ password: z.string().min(1, message(M.enterPassword)).max(PASSWORD_MAX) })
  .strict()
  .describe('SchoolLinkInput');
export type SchoolLinkInput = z.infer<typeof schoolLinkInputSchema>;

export const schoolSignInEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/api/auth/oidc/login',
    body: undefined,
    response: z.null(),
    summary: "Sends the browser to the school's sign-in (OpenID Connect, code flow with PKCE)",
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/auth/oidc/callback',
    body: undefined,
    response: z.null(),
    summary:
      'Where the school sends the browser back: signs in and goes to /dashboard, or to /login with the reason',
  }),
  pendingLink: endpoint({
    method: 'GET',
    path: '/api/auth/oidc/link',
    body: undefined,
    response: pendingSchoolLinkSchema,
    summary: 'The existing account a school sign-in waits to be linked to, with its password',
  }),
  link: endpoint({
    method: 'POST',
    path: '/api/auth/oidc/link',
    body: schoolLinkInputSchema,
    response: authTokenResponseSchema,
    summary: "Links the school account to the student's account once the password confirms it",
  }),
};
